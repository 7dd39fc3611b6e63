/* Baseline for the start-up benchmark: the smallest GTK 4 application that
 * shows a window with a header bar and quits right after its first frame is
 * painted — what Switchyard's --quit-after-first-frame does. With BARE_WINDOW_STAY it stays open:
 * the resident-memory baseline (Tools/bench/bare-rss.py). With BARE_TABLE=N the window shows a
 * GtkColumnView of N rows and 8 label columns instead: what GTK itself costs for a table like
 * the Downloads page (it keeps 200 rows of cells alive whatever the window's height). */
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

static void setup_cell(GtkSignalListItemFactory *factory, GtkListItem *item, gpointer column) {
    GtkWidget *label = gtk_label_new("");
    gtk_label_set_ellipsize(GTK_LABEL(label), PANGO_ELLIPSIZE_END);
    gtk_label_set_xalign(GTK_LABEL(label), 0);
    gtk_list_item_set_child(item, label);
}

static void bind_cell(GtkSignalListItemFactory *factory, GtkListItem *item, gpointer column) {
    const char *text = gtk_string_object_get_string(GTK_STRING_OBJECT(gtk_list_item_get_item(item)));
    char cell[96];
    snprintf(cell, sizeof cell, GPOINTER_TO_INT(column) == 0 ? "%s" : "%s · %d", text, GPOINTER_TO_INT(column));
    gtk_label_set_text(GTK_LABEL(gtk_list_item_get_child(item)), cell);
}

static GtkWidget *table(int rows) {
    GtkStringList *list = gtk_string_list_new(NULL);
    for (int row = 0; row < rows; row++) {
        char name[64];
        snprintf(name, sizeof name, "Fixture.Transfer.%05d.2160p.WEB-DL", row);
        gtk_string_list_append(list, name);
    }
    GtkWidget *view = gtk_column_view_new(GTK_SELECTION_MODEL(gtk_multi_selection_new(G_LIST_MODEL(list))));
    static const char *titles[] = {"Name", "State", "Progress", "Size", "Down", "Up", "ETA", "Client"};
    for (int column = 0; column < 8; column++) {
        GtkListItemFactory *factory = gtk_signal_list_item_factory_new();
        g_signal_connect(factory, "setup", G_CALLBACK(setup_cell), GINT_TO_POINTER(column));
        g_signal_connect(factory, "bind", G_CALLBACK(bind_cell), GINT_TO_POINTER(column));
        GtkColumnViewColumn *made = gtk_column_view_column_new(titles[column], factory);
        gtk_column_view_column_set_expand(made, column == 0);
        gtk_column_view_append_column(GTK_COLUMN_VIEW(view), made);
        g_object_unref(made);
    }
    GtkWidget *scrolled = gtk_scrolled_window_new();
    gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(scrolled), view);
    return scrolled;
}

static void on_activate(GtkApplication *app, gpointer data) {
    GtkWidget *window = gtk_application_window_new(app);
    gtk_window_set_title(GTK_WINDOW(window), "Bare");
    gtk_window_set_default_size(GTK_WINDOW(window), 1100, 720);
    gtk_window_set_titlebar(GTK_WINDOW(window), gtk_header_bar_new());
    if (getenv("BARE_TABLE")) gtk_window_set_child(GTK_WINDOW(window), table(atoi(getenv("BARE_TABLE"))));
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
