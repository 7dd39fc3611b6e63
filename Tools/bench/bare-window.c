/* Baseline for the start-up benchmark: the smallest GTK 4 application that
 * shows a window with a header bar and quits right after its first frame is
 * painted — what Switchyard's --quit-after-first-frame does. With BARE_WINDOW_STAY it stays open:
 * the resident-memory baseline (Tools/bench/bare-rss.py). */
#include <gtk/gtk.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

/* The benchmark's clock: with SWITCHYARD_BENCH_T0 (the launcher's CLOCK_MONOTONIC in ns), prints
 * how long after it the first frame was painted — as Switchyard does. */
static void report_first_frame(void) {
    const char *start = getenv("SWITCHYARD_BENCH_T0");
    if (!start) return;
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    unsigned long long ns = (unsigned long long)now.tv_sec * 1000000000ULL + (unsigned long long)now.tv_nsec;
    printf("first-frame-ms %.3f\n", (double)(ns - strtoull(start, NULL, 10)) / 1e6);
    fflush(stdout);
}

static void on_after_paint(GdkFrameClock *clock, gpointer app) {
    report_first_frame();
    if (getenv("BARE_WINDOW_STAY")) { /* the memory baseline: stays open until killed */
        g_signal_handlers_disconnect_by_func(clock, on_after_paint, app);
        return;
    }
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
