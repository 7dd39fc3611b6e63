/* Baseline for the start-up benchmark: the smallest GTK 4 application that
 * shows a window with a header bar and quits right after its first frame is
 * painted — what Switchyard's --quit-after-first-frame does. */
#include <gtk/gtk.h>

static void on_after_paint(GdkFrameClock *clock, gpointer app) {
    g_signal_handlers_disconnect_by_func(clock, on_after_paint, app);
    g_application_quit(G_APPLICATION(app));
}

static void on_map(GtkWidget *window, gpointer app) {
    g_signal_connect(gtk_widget_get_frame_clock(window), "after-paint", G_CALLBACK(on_after_paint), app);
}

static void on_activate(GtkApplication *app, gpointer data) {
    GtkWidget *window = gtk_application_window_new(app);
    gtk_window_set_title(GTK_WINDOW(window), "Bare");
    gtk_window_set_default_size(GTK_WINDOW(window), 1100, 720);
    gtk_window_set_titlebar(GTK_WINDOW(window), gtk_header_bar_new());
    g_signal_connect(window, "map", G_CALLBACK(on_map), app);
    gtk_window_present(GTK_WINDOW(window));
}

int main(int argc, char **argv) {
    GtkApplication *app = gtk_application_new("app.switchyard.BareBaseline", G_APPLICATION_NON_UNIQUE);
    g_signal_connect(app, "activate", G_CALLBACK(on_activate), NULL);
    int status = g_application_run(G_APPLICATION(app), argc, argv);
    g_object_unref(app);
    return status;
}
