import CGtk
import Foundation

/// Files and text dropped on a widget (GtkDropTarget for a file list or a string).
@MainActor
enum FileDrop {
    /// `handler` gets the local paths of dropped files, or the dropped text; it says whether it took them.
    static func accept(on widget: some WidgetRef, _ handler: @escaping @MainActor (_ files: [URL], _ text: String?) -> Bool) {
        let target = gtk_drop_target_new(GType(0), GDK_ACTION_COPY)!
        let fileList = gdk_file_list_get_type(), string = GType(16 << 2) // G_TYPE_STRING
        var types = [fileList, string]
        gtk_drop_target_set_gtypes(target, &types, 2)
        onSignal(target, "drop", withDroppedValue: { value in
            guard let value else { return false }
            if g_type_check_value_holds(value, fileList) != 0, let list = g_value_get_boxed(value) {
                var urls: [URL] = []
                var node = gdk_file_list_get_files(OpaquePointer(list))
                let head = node
                while let current = node {
                    if let file = current.pointee.data, let path = g_file_get_path(OpaquePointer(file)) {
                        urls.append(URL(fileURLWithPath: String(cString: path)))
                        g_free(path)
                    }
                    node = current.pointee.next
                }
                g_slist_free(head) // the list, not the files (the GdkFileList owns them)
                return handler(urls, nil)
            }
            if g_type_check_value_holds(value, string) != 0, let text = g_value_get_string(value) {
                return handler([], String(cString: text))
            }
            return false
        })
        gtk_widget_add_controller(widget.widget, cast(target))
    }
}

/// Choosing files to open (GtkFileChooserNative: the portal's chooser where there is one).
@MainActor
final class FileChooser {
    private var native: OpaquePointer?
    private let handler: @MainActor ([URL]) -> Void

    /// Opens the chooser; `handler` gets the chosen files (nothing when cancelled).
    init(title: String, over parent: Window?, filter: (name: String, patterns: [String]), _ handler: @escaping @MainActor ([URL]) -> Void) {
        self.handler = handler
        let native = gtk_file_chooser_native_new(title, parent.map { cast($0.widget) }, GTK_FILE_CHOOSER_ACTION_OPEN, "_Open", "_Cancel")!
        self.native = native
        let chooser: OpaquePointer = cast(native)
        gtk_file_chooser_set_select_multiple(chooser, 1)
        let files = gtk_file_filter_new()!
        gtk_file_filter_set_name(files, filter.name)
        for pattern in filter.patterns { gtk_file_filter_add_pattern(files, pattern) }
        gtk_file_chooser_add_filter(chooser, files) // the chooser takes its own reference
        g_object_unref(UnsafeMutableRawPointer(files))
        onSignal(native, "response", withInt: { [weak self] response in self?.answered(response) })
        gtk_native_dialog_show(cast(native))
    }

    private func answered(_ response: Int32) {
        guard let native else { return }
        var urls: [URL] = []
        if response == GTK_RESPONSE_ACCEPT.rawValue, let list = gtk_file_chooser_get_files(cast(native)) {
            for index in 0..<g_list_model_get_n_items(list) {
                guard let file = g_list_model_get_item(list, index) else { continue }
                if let path = g_file_get_path(OpaquePointer(file)) {
                    urls.append(URL(fileURLWithPath: String(cString: path)))
                    g_free(path)
                }
                g_object_unref(file)
            }
            g_object_unref(UnsafeMutableRawPointer(list))
        }
        gtk_native_dialog_destroy(cast(native))
        g_object_unref(UnsafeMutableRawPointer(native))
        self.native = nil
        handler(urls)
    }

    isolated deinit {
        if let native {
            gtk_native_dialog_destroy(cast(native))
            g_object_unref(UnsafeMutableRawPointer(native))
        }
    }
}
