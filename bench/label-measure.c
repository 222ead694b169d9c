// What GTK 4.8 takes to measure a wrapping label, by where it is: the experiment behind the
// README's list items being grids and its labels having a minimum width (see
// Sources/GitHubFinderGTK/Performance/README.md). Not part of `make bench`; run by hand:
//
//   gcc -O2 -o /tmp/label-measure bench/label-measure.c $(pkg-config --cflags --libs gtk4)
//   scripts/with-display.sh /tmp/label-measure
//
// Each line: 100 labels of one 220-byte paragraph, each measured as a column measures its child
// (its width, then its height for 640 px), milliseconds per label. Two rounds, the first warms up.
#define GDK_VERSION_MIN_REQUIRED GDK_VERSION_4_8
#define GDK_VERSION_MAX_ALLOWED GDK_VERSION_4_8
#include <gtk/gtk.h>
#include <stdio.h>
#include <time.h>

enum Place { ALONE, IN_HORIZONTAL_BOX, BESIDE_MARKER_IN_BOX, BESIDE_MARKER_IN_GRID };

static const char *paragraph = "GRDB provides raw access to SQL and advanced SQLite features, because one sometimes "
    "enjoys a sharp tool. It has robust concurrency primitives, so that multi-threaded applications can efficiently "
    "use their databases.";

static double now(void) {
    struct timespec clock;
    clock_gettime(CLOCK_MONOTONIC, &clock);
    return clock.tv_sec * 1e3 + clock.tv_nsec / 1e6;
}

static GtkWidget *marker(void) {
    GtkWidget *mark = gtk_label_new("•");
    gtk_widget_set_size_request(mark, 18, -1);
    return mark;
}

static GtkWidget *placed(GtkWidget *label, enum Place place) {
    GtkWidget *container;
    switch (place) {
    case ALONE:
        return label;
    case IN_HORIZONTAL_BOX:
        container = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6);
        gtk_box_append(GTK_BOX(container), label);
        return container;
    case BESIDE_MARKER_IN_BOX:
        container = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6);
        gtk_box_append(GTK_BOX(container), marker());
        gtk_widget_set_hexpand(label, TRUE);
        gtk_box_append(GTK_BOX(container), label);
        return container;
    case BESIDE_MARKER_IN_GRID:
        container = gtk_grid_new();
        gtk_grid_set_column_spacing(GTK_GRID(container), 6);
        gtk_grid_attach(GTK_GRID(container), marker(), 0, 0, 1, 1);
        gtk_widget_set_hexpand(label, TRUE);
        gtk_grid_attach(GTK_GRID(container), label, 1, 0, 1, 1);
        return container;
    }
    return label;
}

static void measure(const char *name, enum Place place, int width_chars) {
    enum { COUNT = 100 };
    GtkWidget *window = gtk_window_new();
    GtkWidget *column = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12);
    gtk_window_set_child(GTK_WINDOW(window), column);
    gtk_widget_realize(window);
    GtkWidget *items[COUNT];
    for (int i = 0; i < COUNT; i++) {
        GtkWidget *label = gtk_label_new(paragraph);
        gtk_label_set_wrap(GTK_LABEL(label), TRUE);
        gtk_label_set_wrap_mode(GTK_LABEL(label), PANGO_WRAP_WORD_CHAR);
        gtk_label_set_xalign(GTK_LABEL(label), 0);
        gtk_label_set_width_chars(GTK_LABEL(label), width_chars);
        items[i] = placed(label, place);
        gtk_box_append(GTK_BOX(column), items[i]);
    }
    double start = now();
    int minimum, natural;
    for (int i = 0; i < COUNT; i++) {
        gtk_widget_measure(items[i], GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, NULL, NULL);
        gtk_widget_measure(items[i], GTK_ORIENTATION_VERTICAL, 640, &minimum, &natural, NULL, NULL);
    }
    printf("%-44s %.3f ms a label (%d px high)\n", name, (now() - start) / COUNT, natural);
    gtk_window_destroy(GTK_WINDOW(window));
}

int main(void) {
    gtk_init();
    for (int round = 1; round <= 2; round++) {
        printf("round %d\n", round);
        measure("alone", ALONE, -1);
        measure("alone, width-chars 20", ALONE, 20);
        measure("in a horizontal box", IN_HORIZONTAL_BOX, 20);
        measure("beside a marker in a horizontal box", BESIDE_MARKER_IN_BOX, 20);
        measure("beside a marker in a grid", BESIDE_MARKER_IN_GRID, 20);
        measure("beside a marker in a grid, no width-chars", BESIDE_MARKER_IN_GRID, -1);
    }
    return 0;
}
