// The anchor of the startup benchmark: a bare GTK 4 window of the app's default size, timed
// from process start to its first frame painted, exactly as `github-finder --benchmark-startup`.
#include <gtk/gtk.h>
#include <stdio.h>

double ghf_milliseconds_since_process_start(void);

static gboolean reported = FALSE;

static void after_paint(GdkFrameClock *clock, gpointer app) {
    (void)clock;
    if (reported) return;
    reported = TRUE;
    printf("%.1f\n", ghf_milliseconds_since_process_start());
    fflush(stdout);
    g_application_quit(G_APPLICATION(app));
}

static void mapped(GtkWidget *window, gpointer app) {
    g_signal_connect(gtk_widget_get_frame_clock(window), "after-paint", G_CALLBACK(after_paint), app);
}

static void activate(GtkApplication *app, gpointer data) {
    (void)data;
    GtkWidget *window = gtk_application_window_new(app);
    gtk_window_set_title(GTK_WINDOW(window), "Bare");
    gtk_window_set_default_size(GTK_WINDOW(window), 1100, 720);
    g_signal_connect(window, "map", G_CALLBACK(mapped), app);
    gtk_window_present(GTK_WINDOW(window));
}

int main(int argc, char **argv) {
    GtkApplication *app = gtk_application_new("io.github.githubfinder.BareWindow", G_APPLICATION_NON_UNIQUE);
    g_signal_connect(app, "activate", G_CALLBACK(activate), NULL);
    int status = g_application_run(G_APPLICATION(app), argc, argv);
    g_object_unref(app);
    return status;
}
