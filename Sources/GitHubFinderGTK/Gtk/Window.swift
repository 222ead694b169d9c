import CGtk

/// A GtkWindow (or a subclass: the application window, a dialog, the Preferences window).
final class Window: Widget {
    override class var gtkType: GType { gtk_window_get_type() }

    var gtkWindow: UnsafeMutablePointer<GtkWindow> { cast() }

    /// The application's main window.
    convenience init(application: UnsafeMutablePointer<GtkApplication>) {
        self.init(gtk_application_window_new(application))
    }

    /// A modal, fixed-size window with a header bar, above `parent`.
    static func dialog(title: String, transientFor parent: Window, width: Int32) -> Window {
        let window = Window(gtk_window_new())
        gtk_window_set_title(window.gtkWindow, title)
        gtk_window_set_titlebar(window.gtkWindow, gtk_header_bar_new())
        gtk_window_set_modal(window.gtkWindow, 1)
        window.setTransient(for: parent)
        gtk_window_set_default_size(window.gtkWindow, width, -1)
        gtk_window_set_resizable(window.gtkWindow, 0)
        // Escape closes it, as it closes GNOME's dialogs (through "close-request", like the X).
        let shortcuts = gtk_shortcut_controller_new()!
        let escape = gtk_keyval_trigger_new(guint(GDK_KEY_Escape), GdkModifierType(rawValue: 0))
        gtk_shortcut_controller_add_shortcut(shortcuts, gtk_shortcut_new(escape, gtk_named_action_new("window.close")))
        gtk_widget_add_controller(window.pointer, shortcuts)
        return window
    }

    func setTitle(_ title: String) { gtk_window_set_title(gtkWindow, title) }
    func setChild(_ child: Widget) { gtk_window_set_child(gtkWindow, child.pointer) }
    func setTitlebar(_ titlebar: Widget) { gtk_window_set_titlebar(gtkWindow, titlebar.pointer) }
    func setTransient(for parent: Window) { gtk_window_set_transient_for(gtkWindow, parent.gtkWindow) }
    /// The button Enter activates in this window.
    func setDefaultWidget(_ widget: Widget) { gtk_window_set_default_widget(gtkWindow, widget.pointer) }
    func present() { gtk_window_present(gtkWindow) }
    /// As the close button does: "close-request" first.
    func close() { gtk_window_close(gtkWindow) }
    func destroy() { gtk_window_destroy(gtkWindow) }

    /// Return true from `action` to keep the window open.
    func onCloseRequest(_ action: @escaping @MainActor () -> Bool) -> SignalConnection { Signals.onBool(raw, "close-request", action) }
}
