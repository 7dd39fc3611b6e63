import Foundation

/// The request shapes every Servarr shares, kept out of the domain types: those say what is asked,
/// these how a Servarr hears it.
extension QueueRemoval {
    /// Every flag explicit: the services' defaults (`removeFromClient=true` deletes the item **and its
    /// data**) never decide (API-GUIDE-2 §4.2).
    var servarrQuery: [URLQueryItem] {
        [URLQueryItem(name: "removeFromClient", value: disposition == .removeFromClient ? "true" : "false"),
         URLQueryItem(name: "blocklist", value: blocklist == .no ? "false" : "true"),
         URLQueryItem(name: "skipRedownload", value: blocklist == .blocklistOnly ? "true" : "false"),
         URLQueryItem(name: "changeCategory", value: disposition == .changeCategory ? "true" : "false")]
    }
}

extension Release {
    /// The grab body: `{"guid", "indexerId"}` (both required).
    var servarrGrabBody: String { #"{"guid":\#(JSONText.quote(guid)),"indexerId":\#(indexerID)}"# }
}
