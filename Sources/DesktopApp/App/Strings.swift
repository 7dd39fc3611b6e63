import Core

/// Every human sentence the window shows about tabs and states, in one place.
enum Strings {
    static let appName = "Switchyard"
    static let tagline = "Your media-automation stack in one window"

    static func title(_ tab: AppTab) -> String {
        switch tab {
        case .overview: "Overview"
        case .series: "Series"
        case .movies: "Movies"
        case .activity: "Activity"
        case .downloads: "Downloads"
        case .calendar: "Calendar"
        }
    }

    static func icon(_ tab: AppTab) -> String {
        switch tab {
        case .overview: "network-server-symbolic"
        case .series: "video-display-symbolic"
        case .movies: "video-x-generic-symbolic"
        case .activity: "emblem-synchronizing-symbolic"
        case .downloads: "folder-download-symbolic"
        case .calendar: "x-office-calendar-symbolic"
        }
    }

    static func loading(_ tab: AppTab) -> String {
        switch tab {
        case .overview: "Checking your services…"
        case .series: "Loading series…"
        case .movies: "Loading movies…"
        case .activity: "Loading the queues…"
        case .downloads: "Loading transfers…"
        case .calendar: "Loading the calendar…"
        }
    }

    static func empty(_ tab: AppTab) -> (title: String, detail: String) {
        switch tab {
        case .overview:
            ("No Services Enabled", "Enable a service in Settings to see its status here.")
        case .series:
            ("No Series", "Series added in Sonarr appear here.")
        case .movies:
            ("No Movies", "Movies added in Radarr appear here.")
        case .activity:
            ("Nothing in the Queue", "Items Sonarr and Radarr are grabbing or importing appear here.")
        case .downloads:
            ("No Transfers", "Your download clients have no transfers.")
        case .calendar:
            ("Nothing Upcoming", "Episodes and movies due in the next days appear here.")
        }
    }

    static let unauthorizedTitle = "Sign-in Needed"
    static let unauthorizedDetail = "The service refused the stored credentials. Update them in Settings."
    static let unavailableTitle = "Service Unavailable"
    static let unavailableDetail = "Switchyard could not reach the service."
    static let disabledTitle = "Service Disabled"
    static let disabledDetail = "This service is turned off in Settings."

    static func recoveryButton(_ recovery: Recovery) -> String {
        switch recovery {
        case .retry: "_Retry"
        case .updateCredentials: "_Update Credentials…"
        case .configureEndpoint: "_Open Settings…"
        case .enableService: "_Enable in Settings…"
        }
    }

    static let welcomeTitle = "Connect Your Services"
    static let welcomeDetail = "Add Sonarr, Radarr and your download clients to see your library, queue and transfers in one window. Keys and passwords stay in your keyring."
    static let addService = "_Add Service…"
}
