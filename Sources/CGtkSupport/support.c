#include "CGtkSupport.h"

#include <glib-unix.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/eventfd.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

// libdispatch's hooks for run-loop integration (what CoreFoundation uses).
extern int _dispatch_get_main_queue_handle_4CF(void);
extern void _dispatch_main_queue_callback_4CF(void *msg);

static gboolean ghf_main_queue_ready(gint fd, GIOCondition condition, gpointer data) {
    (void)condition;
    (void)data;
    // Read first: without it the eventfd stays readable, the source fires forever and the
    // CPU spins at 100 % while redraws starve.
    eventfd_t value;
    eventfd_read(fd, &value);
    _dispatch_main_queue_callback_4CF(NULL);
    return G_SOURCE_CONTINUE;
}

void ghf_install_main_queue_bridge(void) {
    static gsize installed = 0;
    if (g_once_init_enter(&installed)) {
        int fd = _dispatch_get_main_queue_handle_4CF();
        g_unix_fd_add(fd, G_IO_IN, ghf_main_queue_ready, NULL);
        g_once_init_leave(&installed, 1);
    }
}

void ghf_accessible_set_label(GtkWidget *widget, const char *label) {
    gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
}

void ghf_accessible_set_description(GtkWidget *widget, const char *description) {
    gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description, -1);
}

void ghf_accessible_set_hidden(GtkWidget *widget, gboolean hidden) {
    gtk_accessible_update_state(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_STATE_HIDDEN, hidden, -1);
}

GtkWidget *ghf_widget_new_with_role(GType type, GtkAccessibleRole role) {
    return g_object_new(type, "accessible-role", role, NULL);
}

void ghf_accessible_set_level(GtkWidget *widget, int level) {
    gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_LEVEL, level, -1);
}

void ghf_widget_copy_text(GtkWidget *widget, const char *text) {
    gdk_clipboard_set_text(gtk_widget_get_clipboard(widget), text);
}

gboolean ghf_label_activate_link(GtkWidget *label, const char *uri) {
    gboolean handled = FALSE;
    g_signal_emit_by_name(label, "activate-link", uri, &handled);
    return handled;
}

GdkTexture *ghf_texture_from_data(const guint8 *data, gsize length, char **error_message) {
    GBytes *bytes = g_bytes_new(data, length);
    GError *error = NULL;
    GdkTexture *texture = gdk_texture_new_from_bytes(bytes, &error);
    g_bytes_unref(bytes);
    if (texture == NULL && error_message != NULL) {
        *error_message = g_strdup(error != NULL ? error->message : "unknown image error");
    }
    if (error != NULL) g_error_free(error);
    return texture;
}


typedef struct {
    ghf_uri_done done;
    void *data;
} GhfUriRequest;

static void ghf_show_uri_finished(GObject *source, GAsyncResult *result, gpointer user_data) {
    GhfUriRequest *request = user_data;
    GError *error = NULL;
    gboolean ok = gtk_show_uri_full_finish(GTK_WINDOW(source), result, &error);
    request->done(ok ? NULL : (error != NULL ? error->message : "unknown error"), request->data);
    if (error != NULL) g_error_free(error);
    g_free(request);
}

void ghf_show_uri(GtkWindow *parent, const char *uri, ghf_uri_done done, void *data) {
    GhfUriRequest *request = g_new0(GhfUriRequest, 1);
    request->done = done;
    request->data = data;
    gtk_show_uri_full(parent, uri, GDK_CURRENT_TIME, NULL, ghf_show_uri_finished, request);
}

void ghf_list_view_activate(GtkWidget *list_view, guint position) {
    g_signal_emit_by_name(list_view, "activate", position);
}

void ghf_name_buttons_by_labels(GtkWidget *root) {
    for (GtkWidget *child = gtk_widget_get_first_child(root); child; child = gtk_widget_get_next_sibling(child)) {
        const char *label = GTK_IS_BUTTON(child) ? gtk_button_get_label(GTK_BUTTON(child)) : NULL;
        if (label == NULL || *label == '\0') {
            ghf_name_buttons_by_labels(child);
            continue;
        }
        // The label's own text, without the mnemonic's underscore.
        GString *name = g_string_new(NULL);
        for (const char *c = label; *c; c++) {
            if (*c == '_' && gtk_button_get_use_underline(GTK_BUTTON(child)) && c[1] != '_') continue;
            g_string_append_c(name, *c);
        }
        gtk_accessible_reset_relation(GTK_ACCESSIBLE(child), GTK_ACCESSIBLE_RELATION_LABELLED_BY);
        ghf_accessible_set_label(child, name->str);
        g_string_free(name, TRUE);
    }
}

void ghf_toast_overlay_name_buttons(GtkWidget *overlay, const char *dismiss) {
    for (GtkWidget *child = gtk_widget_get_first_child(overlay); child; child = gtk_widget_get_next_sibling(child)) {
        if (strcmp(G_OBJECT_TYPE_NAME(child), "AdwToastWidget") != 0) continue;
        for (GtkWidget *part = gtk_widget_get_first_child(child); part; part = gtk_widget_get_next_sibling(part)) {
            if (!GTK_IS_BUTTON(part)) continue;
            const char *label = gtk_button_get_label(GTK_BUTTON(part));
            gtk_accessible_reset_relation(GTK_ACCESSIBLE(part), GTK_ACCESSIBLE_RELATION_LABELLED_BY);
            ghf_accessible_set_label(part, label && *label ? label : dismiss);
        }
    }
}

// libadwaita adds its icons to the display's icon theme when it starts up (in AdwApplication's
// "startup"), which drops the icon theme GTK had begun reading on a worker thread. The first
// widget measured with an icon then reads every index.theme and icon cache again, on the main
// thread, in gtk_window_present: 8 ms of CPU before the first frame. GtkIconTheme is
// thread-safe (its lookups take the theme's lock), so one lookup on a worker thread, started
// as soon as libadwaita is set up, reads the theme while the main thread builds the window.
static gpointer load_icon_theme(gpointer theme) {
    gtk_icon_theme_has_icon(theme, "open-menu-symbolic");
    g_object_unref(theme);
    return NULL;
}

void ghf_icon_theme_load_in_background(GdkDisplay *display) {
    GtkIconTheme *theme = gtk_icon_theme_get_for_display(display);
    g_thread_unref(g_thread_new("ghf-icon-theme", load_icon_theme, g_object_ref(theme)));
}

typedef struct {
    void (*work)(void *context);
    void *context;
} LowPriorityWork;

static gpointer run_low_priority(gpointer data) {
    LowPriorityWork *job = data;
    // On Linux a thread's nice value is its own: setpriority with the thread's id.
    setpriority(PRIO_PROCESS, (id_t)syscall(SYS_gettid), 10);
    job->work(job->context);
    g_free(job);
    return NULL;
}

void ghf_run_on_low_priority_thread(const char *name, void (*work)(void *context), void *context) {
    LowPriorityWork *job = g_new(LowPriorityWork, 1);
    job->work = work;
    job->context = context;
    g_thread_unref(g_thread_new(name, run_low_priority, job));
}

// A GtkMenuButton given a menu model builds its whole popover menu (a GtkPopoverMenu with a
// stack, a box and a button per item) at once: 2 ms for the main menu and the sort menu before
// the first frame, for menus opened later or never. The create-popup function runs when the
// button is about to open (click, Enter, F10), so the menu is built then, once.
static void set_menu_model_now(GtkMenuButton *button, gpointer model) {
    if (gtk_menu_button_get_popover(button) == NULL) gtk_menu_button_set_menu_model(button, model);
}

void ghf_menu_button_set_menu_model_when_opened(GtkMenuButton *button, GMenuModel *model) {
    gtk_menu_button_set_create_popup_func(button, set_menu_model_now, g_object_ref(model), g_object_unref);
}

// AdwStatusPage (1.2) makes its title and description labels wrap, and has no property for it.
// Its labels are the ones outside the child we give it (our footnote and button never wrap).
static void set_labels_wrap(GtkWidget *widget, GtkWidget *skip, gboolean wrap) {
    for (GtkWidget *child = gtk_widget_get_first_child(widget); child != NULL; child = gtk_widget_get_next_sibling(child)) {
        if (child == skip) continue;
        if (GTK_IS_LABEL(child)) {
            if (gtk_label_get_wrap(GTK_LABEL(child)) != wrap) gtk_label_set_wrap(GTK_LABEL(child), wrap);
        } else {
            set_labels_wrap(child, skip, wrap);
        }
    }
}

void ghf_status_page_set_wrap(GtkWidget *page, GtkWidget *child, gboolean wrap) {
    set_labels_wrap(page, child, wrap);
}

void ghf_object_set_string(gpointer object, const char *property, const char *value) {
    g_object_set(object, property, value, NULL);
}

/* The tag being typed: what follows the last comma, without leading spaces. */
static const char *ghf_last_part(const char *text) {
    const char *comma = strrchr(text, ',');
    const char *part = comma ? comma + 1 : text;
    while (*part == ' ') part++;
    return part;
}

static gboolean ghf_completion_matches_last_part(GtkEntryCompletion *completion, const char *key, GtkTreeIter *iter, gpointer data) {
    (void)key; (void)data;
    GtkWidget *entry = gtk_entry_completion_get_entry(completion);
    const char *part = ghf_last_part(gtk_editable_get_text(GTK_EDITABLE(entry)));
    if (*part == '\0') return FALSE;
    char *item = NULL;
    gtk_tree_model_get(gtk_entry_completion_get_model(completion), iter, 0, &item, -1);
    gboolean matches = FALSE;
    if (item != NULL) {
        char *folded_item = g_utf8_casefold(item, -1), *folded_part = g_utf8_casefold(part, -1);
        matches = g_str_has_prefix(folded_item, folded_part);
        g_free(folded_item);
        g_free(folded_part);
        g_free(item);
    }
    return matches;
}

/* A completion chosen replaces the tag being typed, not the whole text. */
static gboolean ghf_completion_replace_last_part(GtkEntryCompletion *completion, GtkTreeModel *model, GtkTreeIter *iter, gpointer data) {
    (void)data;
    GtkWidget *entry = gtk_entry_completion_get_entry(completion);
    const char *text = gtk_editable_get_text(GTK_EDITABLE(entry));
    char *item = NULL;
    gtk_tree_model_get(model, iter, 0, &item, -1);
    const char *comma = strrchr(text, ',');
    char *replaced = comma ? g_strdup_printf("%.*s, %s", (int)(comma - text), text, item ? item : "") : g_strdup(item ? item : "");
    gtk_editable_set_text(GTK_EDITABLE(entry), replaced);
    gtk_editable_set_position(GTK_EDITABLE(entry), -1);
    g_free(replaced);
    g_free(item);
    return TRUE;
}

/* The completions a GtkEntry offers as one types (GtkEntryCompletion over a one-column list
   store; both are current API in GTK 4.8, deprecated from 4.10, where a popover of our own
   would take their place). Replaces what it offered before. */
void ghf_entry_set_completions(GtkWidget *entry, const char *const *items, int count) {
    GtkEntryCompletion *completion = gtk_entry_get_completion(GTK_ENTRY(entry));
    if (completion == NULL) {
        completion = gtk_entry_completion_new();
        gtk_entry_completion_set_text_column(completion, 0);
        gtk_entry_completion_set_minimum_key_length(completion, 1);
        /* Offered in the popup only: completed inline, Enter would add the longer tag when a
           shorter one was meant. Matched on the tag being typed (after the last comma). */
        gtk_entry_completion_set_popup_single_match(completion, TRUE);
        gtk_entry_completion_set_match_func(completion, ghf_completion_matches_last_part, NULL, NULL);
        g_signal_connect(completion, "match-selected", G_CALLBACK(ghf_completion_replace_last_part), NULL);
        gtk_entry_set_completion(GTK_ENTRY(entry), completion);
        g_object_unref(completion);
    }
    GtkListStore *store = gtk_list_store_new(1, G_TYPE_STRING);
    for (int i = 0; i < count; i++) {
        GtkTreeIter iter;
        gtk_list_store_append(store, &iter);
        gtk_list_store_set(store, &iter, 0, items[i], -1);
    }
    gtk_entry_completion_set_model(completion, GTK_TREE_MODEL(store));
    g_object_unref(store);
}

/* The whole text of a GtkTextView, newly allocated (g_free it). */
char *ghf_text_view_get_text(GtkWidget *view) {
    GtkTextBuffer *buffer = gtk_text_view_get_buffer(GTK_TEXT_VIEW(view));
    GtkTextIter start, end;
    gtk_text_buffer_get_bounds(buffer, &start, &end);
    return gtk_text_buffer_get_text(buffer, &start, &end, FALSE);
}
