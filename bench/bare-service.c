// The anchor of the background service's figures: a bare GApplication service (what
// `--gapplication-service` makes of an application: on the session bus, no window), held so it
// never quits on its own, doing nothing. Its settled resident memory and idle CPU are read from
// outside, as the app's are.
#include <gio/gio.h>

int main(int argc, char **argv) {
    GApplication *app = g_application_new("io.github.githubfinder.BareService", G_APPLICATION_IS_SERVICE | G_APPLICATION_NON_UNIQUE);
    g_application_hold(app);
    int status = g_application_run(app, argc, argv);
    g_object_unref(app);
    return status;
}
