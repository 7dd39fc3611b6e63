import CGtk

/// A number field with − and + (GtkSpinButton): numbers between `min` and `max` with `digits` places (whole by default).
@MainActor
struct SpinButton: WidgetRef {
    let widget: Widget

    init(min: Double, max: Double, step: Double, digits: UInt32 = 0) {
        widget = gtk_spin_button_new_with_range(min, max, step)
        gtk_spin_button_set_digits(cast(widget), digits)
        gtk_spin_button_set_numeric(cast(widget), 1)
    }

    var value: Double {
        get { gtk_spin_button_get_value(cast(widget)) }
        nonmutating set { gtk_spin_button_set_value(cast(widget), newValue) }
    }

    /// The value changed (typed and confirmed, or stepped).
    func onChanged(_ handler: @escaping VoidHandler) { onSignal(widget, "value-changed", handler) }
}
