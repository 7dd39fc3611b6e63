# SOME DESCRIPTIVE TITLE.
# Copyright (C) YEAR THE PACKAGE'S COPYRIGHT HOLDER
# This file is distributed under the same license as the Switchyard package.
# FIRST AUTHOR <EMAIL@ADDRESS>, YEAR.
#
#, fuzzy
msgid ""
msgstr ""
"Project-Id-Version: Switchyard\n"
"Report-Msgid-Bugs-To: https://switchyard.fixture.invalid/issues\n"
"POT-Creation-Date: 2026-12-03 21:42+0000\n"
"PO-Revision-Date: YEAR-MO-DA HO:MI+ZONE\n"
"Last-Translator: FULL NAME <EMAIL@ADDRESS>\n"
"Language-Team: LANGUAGE <LL@li.org>\n"
"Language: \n"
"MIME-Version: 1.0\n"
"Content-Type: text/plain; charset=UTF-8\n"
"Content-Transfer-Encoding: 8bit\n"
"Plural-Forms: nplurals=INTEGER; plural=EXPRESSION;\n"

#: Sources/DesktopApp/App/ErrorText.swift:9
msgid ""
"The service refused the stored credentials. Check the API key or password."
msgstr ""

#: Sources/DesktopApp/App/ErrorText.swift:11
msgid "No credentials are stored for this service yet."
msgstr ""

#: Sources/DesktopApp/App/ErrorText.swift:15
msgid ""
"A sign-in page answered instead of the service. Add the gateway's headers or "
"use an address that reaches the service directly."
msgstr ""

#: Sources/DesktopApp/App/ErrorText.swift:18
#, c-format
msgid "This address answers as %s, not %s."
msgstr ""

#: Sources/DesktopApp/App/ErrorText.swift:20
#, c-format
msgid "This address does not answer as %s."
msgstr ""

#: Sources/DesktopApp/App/ErrorText.swift:23
#, c-format
msgid "This version of the service (%s) is not supported."
msgstr ""

#: Sources/DesktopApp/App/ErrorText.swift:25
#: Sources/DesktopApp/App/ErrorText.swift:65
#, c-format
msgid "The service refused the request: %s"
msgstr ""

#: Sources/DesktopApp/App/ErrorText.swift:27
#, c-format
msgid "The service sent data Switchyard could not read (at %s)."
msgstr ""

#: Sources/DesktopApp/App/ErrorText.swift:29
msgid "Cancelled."
msgstr ""

#: Sources/DesktopApp/App/ErrorText.swift:33
msgid ""
"No address is set for this service. Enter its local or remote address in "
"Settings."
msgstr ""

#: Sources/DesktopApp/App/ErrorText.swift:35
msgid "This service does not offer that."
msgstr ""

#: Sources/DesktopApp/App/ErrorText.swift:37
msgid ""
"This service is not set up in Switchyard, or it is switched off. Check it in "
"Settings."
msgstr ""

#: Sources/DesktopApp/App/ErrorText.swift:49
msgid ""
"Nothing was sent: the request named no items (some services take that as "
"every item)."
msgstr ""

#: Sources/DesktopApp/App/ErrorText.swift:50
msgid ""
"That link cannot be added. Use an http(s) link to a .torrent or .nzb file, "
"or a magnet link."
msgstr ""

#: Sources/DesktopApp/App/ErrorText.swift:51
msgid "This client does not take this kind of download."
msgstr ""

#: Sources/DesktopApp/App/ErrorText.swift:52
msgid ""
"Nothing was sent: the client takes its queue and its history one at a time. "
"Act on each separately."
msgstr ""

#: Sources/DesktopApp/App/ErrorText.swift:53
msgid "Nothing was sent: the form is missing a choice the service needs."
msgstr ""

#: Sources/DesktopApp/App/ErrorText.swift:54
msgid "Nothing was sent: as asked, it would act on the whole library."
msgstr ""

#: Sources/DesktopApp/App/ErrorText.swift:60
msgid "The client did not add it (not a valid file, or one it could not read)."
msgstr ""

#: Sources/DesktopApp/App/ErrorText.swift:61
msgid "The client did not accept the request."
msgstr ""

#: Sources/DesktopApp/App/ErrorText.swift:62
msgid ""
"The client's web UI has no daemon to connect to. Add one in its connection "
"manager."
msgstr ""

#: Sources/DesktopApp/App/ErrorText.swift:63
msgid ""
"The client's web UI could not connect to its daemon. Check the daemon's "
"address and credentials in the web UI."
msgstr ""

#: Sources/DesktopApp/App/ErrorText.swift:64
msgid ""
"This client has no labels (Transmission has them from 4.0). Add it without a "
"category."
msgstr ""

#: Sources/DesktopApp/App/ErrorText.swift:72
#, c-format
msgid ""
"Added, but the category “%s” could not be set. The client needs that label "
"(Deluge: its Label plugin on, with the label)."
msgstr ""

#. Translators: %1$d of %2$d items; %3$s is the service's reason.
#: Sources/DesktopApp/App/ErrorText.swift:75
#, c-format
msgid "%1$d of %2$d could not be done: %3$s"
msgid_plural "%1$d of %2$d could not be done: %3$s"
msgstr[0] ""
msgstr[1] ""

#: Sources/DesktopApp/App/ErrorText.swift:81
msgid "The service took too long to answer."
msgstr ""

#: Sources/DesktopApp/App/ErrorText.swift:82
msgid "Nothing is listening at this address and port. Is the service running?"
msgstr ""

#: Sources/DesktopApp/App/ErrorText.swift:83
msgid "The host name could not be found. Check the address."
msgstr ""

#: Sources/DesktopApp/App/ErrorText.swift:84
msgid "The network cannot reach this address."
msgstr ""

#: Sources/DesktopApp/App/ErrorText.swift:85
msgid "The connection dropped before the answer was complete."
msgstr ""

#: Sources/DesktopApp/App/ErrorText.swift:86
msgid ""
"The service's certificate is not trusted (self-signed, expired or for "
"another name)."
msgstr ""

#: Sources/DesktopApp/App/ErrorText.swift:87
msgid "A secure connection could not be set up."
msgstr ""

#: Sources/DesktopApp/App/ErrorText.swift:88
msgid ""
"Plain HTTP is not allowed for this address. Use HTTPS, or allow plain HTTP "
"for the local address."
msgstr ""

#: Sources/DesktopApp/App/ErrorText.swift:89
msgid "The service's answer was larger than Switchyard accepts."
msgstr ""

#: Sources/DesktopApp/App/ErrorText.swift:90
msgid "The service asked to slow down. Try again shortly."
msgstr ""

#: Sources/DesktopApp/App/ErrorText.swift:91
msgid "The service is unavailable or still starting up."
msgstr ""

#: Sources/DesktopApp/App/ErrorText.swift:92
#, c-format
msgid "The service reported an internal error (HTTP %s)."
msgstr ""

#: Sources/DesktopApp/App/ErrorText.swift:93
msgid "The service redirected somewhere Switchyard will not follow."
msgstr ""

#: Sources/DesktopApp/App/ErrorText.swift:94
msgid "The service's answer could not be read."
msgstr ""

#: Sources/DesktopApp/App/ErrorText.swift:101
msgid ""
"No desktop session bus is running, so the keyring cannot be reached. Start "
"Switchyard from your desktop session."
msgstr ""

#: Sources/DesktopApp/App/ErrorText.swift:103
msgid ""
"No keyring service is available. Install and start GNOME Keyring, KWallet or "
"KeePassXC's Secret Service."
msgstr ""

#: Sources/DesktopApp/App/ErrorText.swift:105
msgid ""
"The keyring has no default collection. Create or unlock a login keyring, "
"then try again."
msgstr ""

#: Sources/DesktopApp/App/ErrorText.swift:107
msgid "The keyring is locked. Unlock it, then try again."
msgstr ""

#: Sources/DesktopApp/App/ErrorText.swift:109
msgid "The keyring was not unlocked."
msgstr ""

#: Sources/DesktopApp/App/ErrorText.swift:111
#, c-format
msgid "The keyring reported an error: %s"
msgstr ""

#: Sources/DesktopApp/App/ErrorText.swift:113
msgid ""
"The gateway headers stored in the keyring for this service cannot be read. "
"Enter them again in Settings."
msgstr ""

#: Sources/DesktopApp/App/ErrorText.swift:133
#, c-format
msgid "Connected to %1$s %2$s at the local address (%3$s) in %4$s ms."
msgstr ""

#: Sources/DesktopApp/App/ErrorText.swift:134
#, c-format
msgid "Connected to %1$s %2$s at the remote address (%3$s) in %4$s ms."
msgstr ""

#. Translators: %1$s is the service ("Sonarr"), %2$s host:port, %3$s milliseconds.
#: Sources/DesktopApp/App/ErrorText.swift:136
#, c-format
msgid "Connected to %1$s at the local address (%2$s) in %3$s ms."
msgstr ""

#: Sources/DesktopApp/App/ErrorText.swift:137
#, c-format
msgid "Connected to %1$s at the remote address (%2$s) in %3$s ms."
msgstr ""

#: Sources/DesktopApp/App/ErrorText.swift:145
msgid "Check the highlighted fields."
msgstr ""

#: Sources/DesktopApp/App/ErrorText.swift:147
#, c-format
msgid ""
"The new credentials were not saved: %s The stored credentials are unchanged."
msgstr ""

#: Sources/DesktopApp/App/ErrorText.swift:148
#: Sources/DesktopApp/App/ErrorText.swift:149
#, c-format
msgid "Nothing was saved. %s"
msgstr ""

#: Sources/DesktopApp/App/ErrorText.swift:151
#, c-format
msgid ""
"The service was removed, but its cached content could not be deleted (%s). "
"You can delete %s yourself."
msgstr ""

#: Sources/DesktopApp/App/ErrorText.swift:159
msgid "The settings are not valid."
msgstr ""

#: Sources/DesktopApp/App/ErrorText.swift:160
msgid ""
"The settings file was written by a newer Switchyard and is left unchanged."
msgstr ""

#: Sources/DesktopApp/App/ErrorText.swift:161
msgid "The settings file cannot be changed."
msgstr ""

#: Sources/DesktopApp/App/ErrorText.swift:162
#, c-format
msgid "The settings file could not be written (%s)."
msgstr ""

#: Sources/DesktopApp/App/ErrorText.swift:163
msgid "The service no longer exists."
msgstr ""

#: Sources/DesktopApp/App/ErrorText.swift:169
msgid "Give the service a name."
msgstr ""

#: Sources/DesktopApp/App/ErrorText.swift:173
msgid "Enter a local or a remote address."
msgstr ""

#: Sources/DesktopApp/App/ErrorText.swift:174
msgid "“Local only” needs a local address."
msgstr ""

#: Sources/DesktopApp/App/ErrorText.swift:175
msgid "“Remote only” needs a remote address."
msgstr ""

#: Sources/DesktopApp/App/ErrorText.swift:182
msgid "Enter an address."
msgstr ""

#: Sources/DesktopApp/App/ErrorText.swift:183
msgid "This is not a valid address. Use a form like https://host:port/path."
msgstr ""

#: Sources/DesktopApp/App/ErrorText.swift:184
msgid "The address needs a host name or IP address."
msgstr ""

#: Sources/DesktopApp/App/ErrorText.swift:185
msgid "The port must be a number from 1 to 65535."
msgstr ""

#: Sources/DesktopApp/App/ErrorText.swift:186
msgid ""
"Do not put a user name or password in the address; use the fields below."
msgstr ""

#: Sources/DesktopApp/App/ErrorText.swift:187
msgid "Remove the “#…” part from the address."
msgstr ""

#: Sources/DesktopApp/App/ErrorText.swift:188
msgid "Remove the “?…” part from the address."
msgstr ""

#: Sources/DesktopApp/App/ErrorText.swift:189
#, c-format
msgid "“%s://” is not supported. Use https:// or http://."
msgstr ""

#: Sources/DesktopApp/App/ErrorText.swift:192
msgid "Plain HTTP is never used for the remote address. Use https://."
msgstr ""

#: Sources/DesktopApp/App/ErrorText.swift:193
msgid "Plain HTTP needs “Allow plain HTTP on the local network” below."
msgstr ""

#: Sources/DesktopApp/App/ErrorText.swift:199
msgid "Enter the API key."
msgstr ""

#: Sources/DesktopApp/App/ErrorText.swift:200
msgid "Enter the user name and password."
msgstr ""

#: Sources/DesktopApp/App/ErrorText.swift:201
msgid "Enter the password."
msgstr ""

#: Sources/DesktopApp/App/ErrorText.swift:209
#, c-format
msgid "Line %s: write headers as “Name: value”."
msgstr ""

#: Sources/DesktopApp/App/ErrorText.swift:210
#, c-format
msgid "Line %1$s: “%2$s” is not a valid header name."
msgstr ""

#: Sources/DesktopApp/App/ErrorText.swift:211
#, c-format
msgid "Line %1$s: Switchyard sets “%2$s” itself."
msgstr ""

#: Sources/DesktopApp/App/ErrorText.swift:212
#, c-format
msgid "Line %s: the header needs a value."
msgstr ""

#: Sources/DesktopApp/App/Strings.swift:6
msgid "Your media-automation stack in one window"
msgstr ""

#: Sources/DesktopApp/App/Strings.swift:11
msgid "Overview"
msgstr ""

#. Translators: the tab of queued and importing items.
#: Sources/DesktopApp/App/Strings.swift:13
msgid "Activity"
msgstr ""

#: Sources/DesktopApp/App/Strings.swift:14
msgid "Downloads"
msgstr ""

#: Sources/DesktopApp/App/Strings.swift:15
msgid "Calendar"
msgstr ""

#: Sources/DesktopApp/App/Strings.swift:34
msgid "Checking your services…"
msgstr ""

#: Sources/DesktopApp/App/Strings.swift:35
msgid "Loading the queues…"
msgstr ""

#: Sources/DesktopApp/App/Strings.swift:36
msgid "Loading transfers…"
msgstr ""

#: Sources/DesktopApp/App/Strings.swift:37
msgid "Loading the calendar…"
msgstr ""

#: Sources/DesktopApp/App/Strings.swift:38
msgid "Loading…"
msgstr ""

#: Sources/DesktopApp/App/Strings.swift:45
msgid "Enable a service in Settings to see its status here."
msgstr ""

#: Sources/DesktopApp/App/Strings.swift:45
msgid "No Services Enabled"
msgstr ""

#: Sources/DesktopApp/App/Strings.swift:46
msgid "Items your orchestrators are grabbing or importing appear here."
msgstr ""

#: Sources/DesktopApp/App/Strings.swift:46
msgid "Nothing in the Queue"
msgstr ""

#: Sources/DesktopApp/App/Strings.swift:47
msgid "No Transfers"
msgstr ""

#: Sources/DesktopApp/App/Strings.swift:47
msgid "Your download clients have no transfers."
msgstr ""

#: Sources/DesktopApp/App/Strings.swift:48
msgid "Nothing Upcoming"
msgstr ""

#: Sources/DesktopApp/App/Strings.swift:48
msgid "What is due in the next days appears here."
msgstr ""

#: Sources/DesktopApp/App/Strings.swift:49
msgid "Nothing Here"
msgstr ""

#: Sources/DesktopApp/App/Strings.swift:53
msgid "Sign-in Needed"
msgstr ""

#: Sources/DesktopApp/App/Strings.swift:54
msgid "The service refused the stored credentials. Update them in Settings."
msgstr ""

#: Sources/DesktopApp/App/Strings.swift:55
msgid "Service Unavailable"
msgstr ""

#: Sources/DesktopApp/App/Strings.swift:56
msgid "Switchyard could not reach the service."
msgstr ""

#: Sources/DesktopApp/App/Strings.swift:57
msgid "Service Disabled"
msgstr ""

#: Sources/DesktopApp/App/Strings.swift:58
msgid "This service is turned off in Settings."
msgstr ""

#: Sources/DesktopApp/App/Strings.swift:62
msgid "_Retry"
msgstr ""

#: Sources/DesktopApp/App/Strings.swift:63
msgid "_Update Credentials…"
msgstr ""

#: Sources/DesktopApp/App/Strings.swift:64
msgid "_Open Settings…"
msgstr ""

#: Sources/DesktopApp/App/Strings.swift:65
msgid "_Enable in Settings…"
msgstr ""

#: Sources/DesktopApp/App/Strings.swift:69
msgid "Connect Your Services"
msgstr ""

#: Sources/DesktopApp/App/Strings.swift:70
msgid "Switchyard Could Not Start Its Network Layer"
msgstr ""

#. Translators: %s is a sentence saying what went wrong.
#: Sources/DesktopApp/App/Strings.swift:73
#, c-format
msgid ""
"%s Restart Switchyard; if this keeps happening, start it from a terminal to "
"read its log."
msgstr ""

#: Sources/DesktopApp/App/Strings.swift:76
msgid ""
"Add Sonarr, Radarr and your download clients to see your library, queue and "
"transfers in one window. Keys and passwords stay in your keyring."
msgstr ""

#: Sources/DesktopApp/App/Strings.swift:78
msgid "_Add Service…"
msgstr ""

#. Translators: %s is a time of day or a day and time ("14:02", "Mon 14:02").
#: Sources/DesktopApp/App/Strings.swift:82
#, c-format
msgid "Showing data from %s. Some services could not be refreshed."
msgstr ""

#. Translators: %s is the name of a service ("Sonarr 4K").
#: Sources/DesktopApp/App/Strings.swift:89
#, c-format
msgid "Retry %s"
msgstr ""

#: Sources/DesktopApp/App/Strings.swift:90
#, c-format
msgid "Update credentials for %s"
msgstr ""

#: Sources/DesktopApp/App/Strings.swift:91
#, c-format
msgid "Open settings for %s"
msgstr ""

#: Sources/DesktopApp/App/Strings.swift:92
#, c-format
msgid "Enable %s in settings"
msgstr ""

#: Sources/DesktopApp/App/Strings.swift:98
msgctxt "service state"
msgid "Checking…"
msgstr ""

#: Sources/DesktopApp/App/Strings.swift:99
msgctxt "service state"
msgid "Connected"
msgstr ""

#: Sources/DesktopApp/App/Strings.swift:100
msgctxt "service state"
msgid "Degraded"
msgstr ""

#: Sources/DesktopApp/App/Strings.swift:101
msgctxt "service state"
msgid "Sign-in needed"
msgstr ""

#: Sources/DesktopApp/App/Strings.swift:102
msgctxt "service state"
msgid "Unavailable"
msgstr ""

#: Sources/DesktopApp/App/Strings.swift:103
msgctxt "service state"
msgid "Disabled"
msgstr ""

#: Sources/DesktopApp/App/Strings.swift:119
msgctxt "transfer state"
msgid "Downloading"
msgstr ""

#: Sources/DesktopApp/App/Strings.swift:120
msgctxt "transfer state"
msgid "Seeding"
msgstr ""

#: Sources/DesktopApp/App/Strings.swift:121
msgctxt "transfer state"
msgid "Paused"
msgstr ""

#: Sources/DesktopApp/App/Strings.swift:122
msgctxt "transfer state"
msgid "Queued"
msgstr ""

#: Sources/DesktopApp/App/Strings.swift:123
msgctxt "transfer state"
msgid "Checking"
msgstr ""

#: Sources/DesktopApp/App/Strings.swift:124
msgctxt "transfer state"
msgid "Stalled"
msgstr ""

#: Sources/DesktopApp/App/Strings.swift:125
msgctxt "transfer state"
msgid "Completed"
msgstr ""

#: Sources/DesktopApp/App/Strings.swift:126
msgctxt "transfer state"
msgid "Error"
msgstr ""

#: Sources/DesktopApp/App/Strings.swift:133
#: Sources/DesktopApp/App/Strings.swift:150
msgctxt "queue state"
msgid "Downloading"
msgstr ""

#: Sources/DesktopApp/App/Strings.swift:134
msgctxt "queue state"
msgid "Import blocked"
msgstr ""

#: Sources/DesktopApp/App/Strings.swift:135
msgctxt "queue state"
msgid "Import pending"
msgstr ""

#: Sources/DesktopApp/App/Strings.swift:136
msgctxt "queue state"
msgid "Importing"
msgstr ""

#: Sources/DesktopApp/App/Strings.swift:137
msgctxt "queue state"
msgid "Imported"
msgstr ""

#: Sources/DesktopApp/App/Strings.swift:138
msgctxt "queue state"
msgid "Failed, pending"
msgstr ""

#: Sources/DesktopApp/App/Strings.swift:139
#: Sources/DesktopApp/App/Strings.swift:147
msgctxt "queue state"
msgid "Failed"
msgstr ""

#: Sources/DesktopApp/App/Strings.swift:140
msgctxt "queue state"
msgid "Ignored"
msgstr ""

#: Sources/DesktopApp/App/Strings.swift:143
msgctxt "queue state"
msgid "Queued"
msgstr ""

#: Sources/DesktopApp/App/Strings.swift:144
msgctxt "queue state"
msgid "Paused"
msgstr ""

#: Sources/DesktopApp/App/Strings.swift:145
msgctxt "queue state"
msgid "Delayed"
msgstr ""

#: Sources/DesktopApp/App/Strings.swift:146
msgctxt "queue state"
msgid "Completed"
msgstr ""

#: Sources/DesktopApp/App/Strings.swift:148
msgctxt "queue state"
msgid "Warning"
msgstr ""

#: Sources/DesktopApp/App/Strings.swift:149
msgctxt "queue state"
msgid "Download client unavailable"
msgstr ""

#: Sources/DesktopApp/App/Strings.swift:157
msgctxt "library item status"
msgid "Continuing"
msgstr ""

#: Sources/DesktopApp/App/Strings.swift:158
msgctxt "library item status"
msgid "Ended"
msgstr ""

#: Sources/DesktopApp/App/Strings.swift:159
msgctxt "library item status"
msgid "Upcoming"
msgstr ""

#: Sources/DesktopApp/App/Strings.swift:160
msgctxt "library item status"
msgid "Announced"
msgstr ""

#: Sources/DesktopApp/App/Strings.swift:161
msgctxt "library item status"
msgid "In cinemas"
msgstr ""

#: Sources/DesktopApp/App/Strings.swift:162
msgctxt "library item status"
msgid "Released"
msgstr ""

#. Translators: to be announced.
#: Sources/DesktopApp/App/Strings.swift:164
msgctxt "library item status"
msgid "TBA"
msgstr ""

#: Sources/DesktopApp/App/Strings.swift:165
msgctxt "library item status"
msgid "Deleted"
msgstr ""

#: Sources/DesktopApp/App/Strings.swift:166
msgctxt "library item status"
msgid "Unknown"
msgstr ""

#: Sources/DesktopApp/App/Strings.swift:172
msgid "Monitored — click to stop monitoring"
msgstr ""

#: Sources/DesktopApp/App/Strings.swift:172
msgid "Not monitored — click to monitor"
msgstr ""

#: Sources/DesktopApp/App/Strings.swift:182
msgid "Pause"
msgstr ""

#: Sources/DesktopApp/App/Strings.swift:183
msgid "Resume"
msgstr ""

#: Sources/DesktopApp/App/Strings.swift:184
msgid "Force Start"
msgstr ""

#: Sources/DesktopApp/App/Strings.swift:185
msgid "Remove…"
msgstr ""

#: Sources/DesktopApp/App/Strings.swift:186
msgid "Remove and Delete Files…"
msgstr ""

#: Sources/DesktopApp/App/Strings.swift:203
msgid "Pausing…"
msgstr ""

#: Sources/DesktopApp/App/Strings.swift:204
msgid "Resuming…"
msgstr ""

#: Sources/DesktopApp/App/Strings.swift:205
msgid "Starting…"
msgstr ""

#: Sources/DesktopApp/App/Strings.swift:206
msgid "Removing…"
msgstr ""

#: Sources/DesktopApp/App/Strings.swift:210
#, c-format
msgid "%d transfer"
msgid_plural "%d transfers"
msgstr[0] ""
msgstr[1] ""

#. Translators: %1$d transfers shown of %2$d in all; the plural follows the total.
#: Sources/DesktopApp/App/Strings.swift:215
#, c-format
msgid "%1$d of %2$d transfer"
msgid_plural "%1$d of %2$d transfers"
msgstr[0] ""
msgstr[1] ""

#. Translators: one client's share of an action: "3 in qBittorrent".
#: Sources/DesktopApp/App/Strings.swift:226
#, c-format
msgid "%d in %s"
msgid_plural "%d in %s"
msgstr[0] ""
msgstr[1] ""

#: Sources/DesktopApp/App/Strings.swift:233
#, c-format
msgid "Paused %d transfer in %s"
msgid_plural "Paused %d transfers in %s"
msgstr[0] ""
msgstr[1] ""

#: Sources/DesktopApp/App/Strings.swift:234
#, c-format
msgid "Resumed %d transfer in %s"
msgid_plural "Resumed %d transfers in %s"
msgstr[0] ""
msgstr[1] ""

#: Sources/DesktopApp/App/Strings.swift:235
#, c-format
msgid "Force-started %d transfer in %s"
msgid_plural "Force-started %d transfers in %s"
msgstr[0] ""
msgstr[1] ""

#: Sources/DesktopApp/App/Strings.swift:236
#, c-format
msgid "Removed %d transfer in %s"
msgid_plural "Removed %d transfers in %s"
msgstr[0] ""
msgstr[1] ""

#: Sources/DesktopApp/App/Strings.swift:237
#, c-format
msgid "Removed %d transfer and its files in %s"
msgid_plural "Removed %d transfers and their files in %s"
msgstr[0] ""
msgstr[1] ""

#: Sources/DesktopApp/App/Strings.swift:244
#, c-format
msgid "Paused %d transfer: %s"
msgid_plural "Paused %d transfers: %s"
msgstr[0] ""
msgstr[1] ""

#: Sources/DesktopApp/App/Strings.swift:245
#, c-format
msgid "Resumed %d transfer: %s"
msgid_plural "Resumed %d transfers: %s"
msgstr[0] ""
msgstr[1] ""

#: Sources/DesktopApp/App/Strings.swift:246
#, c-format
msgid "Force-started %d transfer: %s"
msgid_plural "Force-started %d transfers: %s"
msgstr[0] ""
msgstr[1] ""

#: Sources/DesktopApp/App/Strings.swift:247
#, c-format
msgid "Removed %d transfer: %s"
msgid_plural "Removed %d transfers: %s"
msgstr[0] ""
msgstr[1] ""

#: Sources/DesktopApp/App/Strings.swift:248
#, c-format
msgid "Removed %d transfer and its files: %s"
msgid_plural "Removed %d transfers and their files: %s"
msgstr[0] ""
msgstr[1] ""

#. Translators: the separator between the items of a list, except the last two.
#: Sources/DesktopApp/App/Strings.swift:256
msgctxt "list separator"
msgid ", "
msgstr ""

#. Translators: the last two items of a list ("3 in qBittorrent and 1 in Transmission").
#: Sources/DesktopApp/App/Strings.swift:258
#, c-format
msgctxt "list"
msgid "%1$s and %2$s"
msgstr ""

#: Sources/DesktopApp/App/Strings.swift:266
msgid "Finished usenet downloads can only be removed"
msgstr ""

#. Translators: %s is a download client's name.
#: Sources/DesktopApp/App/Strings.swift:268
#, c-format
msgid "%s does not delete the files of finished downloads"
msgstr ""

#. Translators: %1$d transfers in the client %2$s; the second %2$s is the same client.
#: Sources/DesktopApp/App/Strings.swift:278
#, c-format
msgid "%1$d transfer in %2$s left out: %2$s cannot do that."
msgid_plural "%1$d transfers in %2$s left out: %2$s cannot do that."
msgstr[0] ""
msgstr[1] ""

#: Sources/DesktopApp/App/Strings.swift:281
#, c-format
msgid ""
"%d finished download in %s left out: finished usenet downloads can only be "
"removed."
msgid_plural ""
"%d finished downloads in %s left out: finished usenet downloads can only be "
"removed."
msgstr[0] ""
msgstr[1] ""

#: Sources/DesktopApp/App/Strings.swift:284
#, c-format
msgid ""
"%1$d finished download in %2$s left out: %2$s does not delete the files of "
"finished downloads."
msgid_plural ""
"%1$d finished downloads in %2$s left out: %2$s does not delete the files of "
"finished downloads."
msgstr[0] ""
msgstr[1] ""

#: Sources/DesktopApp/App/Strings.swift:292
#, c-format
msgid "%s cannot pause transfers"
msgstr ""

#: Sources/DesktopApp/App/Strings.swift:293
#, c-format
msgid "%s cannot resume transfers"
msgstr ""

#: Sources/DesktopApp/App/Strings.swift:294
#, c-format
msgid "%s cannot force-start transfers"
msgstr ""

#: Sources/DesktopApp/App/Strings.swift:295
#, c-format
msgid "%s cannot remove transfers"
msgstr ""

#: Sources/DesktopApp/App/Strings.swift:296
#, c-format
msgid "%s cannot delete downloaded files"
msgstr ""

#: Sources/DesktopApp/App/Strings.swift:303
#, c-format
msgid "Remove %d transfer and delete its files?"
msgid_plural "Remove %d transfers and delete their files?"
msgstr[0] ""
msgstr[1] ""

#: Sources/DesktopApp/App/Strings.swift:304
msgid "The downloaded files are deleted from disk. This cannot be undone."
msgid_plural ""
"The downloaded files are deleted from disk. This cannot be undone."
msgstr[0] ""
msgstr[1] ""

#: Sources/DesktopApp/App/Strings.swift:306
msgid "Remove and Delete Files"
msgstr ""

#: Sources/DesktopApp/App/Strings.swift:307
#, c-format
msgid "Remove %d transfer?"
msgid_plural "Remove %d transfers?"
msgstr[0] ""
msgstr[1] ""

#: Sources/DesktopApp/App/Strings.swift:308
msgid "The transfer leaves the client; its downloaded files stay on disk."
msgid_plural ""
"The transfers leave the client; their downloaded files stay on disk."
msgstr[0] ""
msgstr[1] ""

#: Sources/DesktopApp/App/Strings.swift:310
msgid "Remove"
msgstr ""

#: Sources/DesktopApp/App/Strings.swift:322
msgctxt "live state"
msgid "live"
msgstr ""

#: Sources/DesktopApp/App/Strings.swift:323
msgctxt "live state"
msgid "connecting live…"
msgstr ""

#: Sources/DesktopApp/App/Strings.swift:324
msgctxt "live state"
msgid "polling"
msgstr ""

#: Sources/DesktopApp/App/Strings.swift:332
msgid ""
"Live updates: the service refused the API key on the live connection. Update "
"it in Settings."
msgstr ""

#: Sources/DesktopApp/App/Strings.swift:334
msgid ""
"Live updates: no live hub answers at this address. If a reverse proxy is in "
"front of the service, check that it passes WebSocket upgrades on (the hub is "
"at /signalr/messages under the URL base)."
msgstr ""

#. Translators: %d is an HTTP status code (301, 302, …).
#: Sources/DesktopApp/App/Strings.swift:337
#, c-format
msgid ""
"Live updates: the live hub redirected elsewhere (HTTP %d), and Switchyard "
"does not follow redirects. Check the address and URL base in Settings."
msgstr ""

#. Translators: %s is a version number ("3.0.10").
#: Sources/DesktopApp/App/Strings.swift:341
#, c-format
msgid ""
"Live updates: version %s has no live updates Switchyard can use, so changes "
"are polled."
msgstr ""

#: Sources/DesktopApp/App/Strings.swift:343
msgid ""
"Live updates: the hub’s answer could not be read. Is something other than "
"the service answering at this address?"
msgstr ""

#: Sources/DesktopApp/App/Strings.swift:345
msgid "Live updates: the hub did not complete its handshake; trying again."
msgstr ""

#. Translators: %d is an HTTP status code.
#: Sources/DesktopApp/App/Strings.swift:348
#, c-format
msgid ""
"Live updates: the hub answered HTTP %d instead of connecting; trying again."
msgstr ""

#: Sources/DesktopApp/App/Strings.swift:350
msgid "Live updates: the live connection could not be made; trying again."
msgstr ""

#: Sources/DesktopApp/App/Strings.swift:352
msgid "Live updates: the live connection dropped; reconnecting."
msgstr ""
