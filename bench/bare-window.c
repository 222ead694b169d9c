// The anchors of the GUI benchmarks: a bare GTK 4 window of the app's default size, timed
// from process start to its first frame painted, exactly as `github-finder --benchmark-startup`.
// Built with -DBARE_ADW it is a bare AdwApplication window (libadwaita 1.2), the app's toolkit.
//
// bare-window          prints the milliseconds to the first frame, then quits (startup anchor).
// bare-window --stay   prints them and stays open until killed, so its settled resident memory
//                      and idle CPU can be read (memory and idle CPU anchors).
#include <gtk/gtk.h>
#ifdef BARE_ADW
#define ADW_VERSION_MIN_REQUIRED ADW_VERSION_1_2
#define ADW_VERSION_MAX_ALLOWED ADW_VERSION_1_2
#include <adwaita.h>
#endif
#include <stdio.h>
#include <string.h>

double ghf_milliseconds_since_process_start(void);

static gboolean reported = FALSE;
static gboolean stay = FALSE;

static void after_paint(GdkFrameClock *clock, gpointer app) {
    (void)clock;
    if (reported) return;
    reported = TRUE;
    printf("%.1f\n", ghf_milliseconds_since_process_start());
    fflush(stdout);
    if (!stay) g_application_quit(G_APPLICATION(app));
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
#ifdef BARE_ADW
    GtkApplication *app = GTK_APPLICATION(adw_application_new("io.github.githubfinder.BareAdwWindow", G_APPLICATION_NON_UNIQUE));
#else
    GtkApplication *app = gtk_application_new("io.github.githubfinder.BareWindow", G_APPLICATION_NON_UNIQUE);
#endif
    g_signal_connect(app, "activate", G_CALLBACK(activate), NULL);
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--stay") == 0) stay = TRUE;
    }
    // Our own flag is not GApplication's: run it with the program name only.
    int status = g_application_run(G_APPLICATION(app), 1, argv);
    g_object_unref(app);
    return status;
}
