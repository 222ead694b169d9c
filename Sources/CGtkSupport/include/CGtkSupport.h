// What Swift cannot call directly: variadic functions, macros, and the bridge that lets
// Swift's main queue (and so @MainActor) run inside GLib's main loop.
#ifndef GHF_CGTK_SUPPORT_H
#define GHF_CGTK_SUPPORT_H

#include <glib.h>
#define GDK_VERSION_MIN_REQUIRED GDK_VERSION_4_8
#define GDK_VERSION_MAX_ALLOWED GDK_VERSION_4_8
#include <gtk/gtk.h>

/// Drains Swift's main dispatch queue from GLib's main context: an fd source on the queue's
/// eventfd that reads the eventfd, then runs the queued jobs. Idempotent.
void ghf_install_main_queue_bridge(void);

/// A round avatar in one widget (AdwAvatar is five: ~9 KB each for the ~200 rows a list keeps):
/// the texture when it has one, else the text's initials on the Adwaita colour its hash picks.
/// CSS node `avatar`, with the colorN classes as AdwAvatar's.
#define GHF_TYPE_AVATAR (ghf_avatar_get_type())
G_DECLARE_FINAL_TYPE(GhfAvatar, ghf_avatar, GHF, AVATAR, GtkWidget)
GtkWidget *ghf_avatar_new(int size);
const char *ghf_avatar_get_text(GhfAvatar *self);
void ghf_avatar_set_text(GhfAvatar *self, const char *text);
/// NULL shows the initials again.
void ghf_avatar_set_texture(GhfAvatar *self, GdkTexture *texture);

/// A GtkBox whose CSS node is `rowbox` instead of `box`, for the boxes inside list rows. GTK 4.8
/// toggles :focus-within on every ancestor of the focus each time it moves (each arrow key or
/// PageDown in a list), and every node whose style depends on an ancestor's state is then styled
/// again. Adwaita's `box` selectors make a box such a node, so ~200 rows of nested boxes were
/// restyled at every key press; a `rowbox` matches none of them.
#define GHF_TYPE_ROW_BOX (ghf_row_box_get_type())
G_DECLARE_FINAL_TYPE(GhfRowBox, ghf_row_box, GHF, ROW_BOX, GtkBox)
GtkWidget *ghf_row_box_new(GtkOrientation orientation, int spacing);

/// A GtkButton whose CSS node is `rowbutton`, for a row's star, for the same reason (Adwaita's
/// `button` and `image` selectors depend on ancestors' states): it draws its symbolic icon itself,
/// in its CSS colour, instead of holding a GtkImage. style.css draws it as Adwaita draws a flat
/// circular button (not its high-contrast variant: style.css has none).
// A README link inside a paragraph's text (LinkedText): a button with the link role, its
// label's baseline on the text's (see inline_link.c).
#define GHF_TYPE_INLINE_LINK (ghf_inline_link_get_type())
G_DECLARE_FINAL_TYPE(GhfInlineLink, ghf_inline_link, GHF, INLINE_LINK, GtkButton)
GtkWidget *ghf_inline_link_new(void);

#define GHF_TYPE_ROW_BUTTON (ghf_row_button_get_type())
G_DECLARE_FINAL_TYPE(GhfRowButton, ghf_row_button, GHF, ROW_BUTTON, GtkButton)
GtkWidget *ghf_row_button_new(void);
const char *ghf_row_button_get_icon_name(GhfRowButton *self);
void ghf_row_button_set_icon_name(GhfRowButton *self, const char *icon_name);

/// Accessible label / description (gtk_accessible_update_property is variadic).
void ghf_accessible_set_label(GtkWidget *widget, const char *label);
void ghf_accessible_set_description(GtkWidget *widget, const char *description);

/// Marks a widget as hidden from assistive technologies (decorative images).
void ghf_accessible_set_hidden(GtkWidget *widget, gboolean hidden);
// A widget of `type` with accessible role `role` (a construct-only property): a README's headings
// (GTK_ACCESSIBLE_ROLE_HEADING) and sections (GTK_ACCESSIBLE_ROLE_GROUP).
GtkWidget *ghf_widget_new_with_role(GType type, GtkAccessibleRole role);
// A heading's level (1-6) for screen readers.
void ghf_accessible_set_level(GtkWidget *widget, int level);
// Puts `text` on the widget's clipboard (a code block's Copy).
void ghf_widget_copy_text(GtkWidget *widget, const char *text);
// A scrolled window inside a scrolled pane that leaves the vertical wheel to the pane (a README's
// code block, which scrolls sideways, with Shift and the wheel too; see nested_scroll.c).
void ghf_scrolled_window_scrolls_sideways_only(GtkWidget *scrolled);
// A scrolled window inside a scrolled pane that leaves every wheel turn to the pane (the wrapper
// of a paragraph with links, which never scrolls).
void ghf_scrolled_window_never_scrolls(GtkWidget *scrolled);

// Removes widgets from inside `widget` (children of plain boxes and grids, deepest last child
// first) until about `budget` widgets are gone; returns how many went. 0: nothing inside can be
// removed that way (what is left goes with `widget`). See teardown.c.
int ghf_dismantle_some(GtkWidget *widget, int budget);
// Emits "activate-link" on a label as a click on that link does; true when a handler took it.
gboolean ghf_label_activate_link(GtkWidget *label, const char *uri);

// A README image's texture, decoded on any thread; NULL (with a message to g_free) when it is
// not an image or is larger than `max_side` pixels on a side (see readme_image.c).
GdkTexture *ghf_image_decode(const guint8 *data, gsize length, int max_side, char **error_message);
/// A GdkTexture from encoded image bytes (PNG/JPEG); NULL and a message on failure.
GdkTexture *ghf_texture_from_data(const guint8 *data, gsize length, char **error_message);

/// Milliseconds since this process started (CLOCK_MONOTONIC vs /proc/self/stat start time).
double ghf_milliseconds_since_process_start(void);

// At most `count` malloc arenas (glibc otherwise makes one per thread that allocates, up to 8 per
// core). Call before any thread starts.
void ghf_limit_malloc_arenas(int count);

// No fastbins (M_MXFAST 0): a freed small chunk that the thread's tcache does not keep is merged
// with its neighbours when it is freed, not kept aside until some later malloc or free in the
// same arena merges all of them at once (ProcessMemory.configure says what that cost).
void ghf_disable_malloc_fastbins(void);

// Gives the pages of freed malloc memory back to the system (malloc_trim).
void ghf_release_free_memory(void);

/// Opens `uri` with the default handler (gtk_show_uri_full, GTK 4.8); `done` gets NULL on
/// success or the error message, then `data` is no longer used.
typedef void (*ghf_uri_done)(const char *error_message, void *data);
void ghf_show_uri(GtkWindow *parent, const char *uri, ghf_uri_done done, void *data);

/// Names every labelled button under `root` by its label alone (GTK 4.8 reads AdwMessageDialog's
/// response buttons twice: "Keep Local Keep Local").
void ghf_name_buttons_by_labels(GtkWidget *root);
/// Names the buttons of the toasts an AdwToastOverlay shows: libadwaita 1.2 on GTK 4.8 exposes
/// the action button as "Undo Undo" (labelled by its own label) and the close button as
/// "GtkImage" to screen readers.
void ghf_toast_overlay_name_buttons(GtkWidget *overlay, const char *dismiss);

// Reads the display's icon theme on a worker thread, so the first icon the window shows does
// not read it on the main thread.
void ghf_icon_theme_load_in_background(GdkDisplay *display);

// Runs `work(context)` on a new GLib thread named `name`, below the main thread's priority
// (nice 10, that thread only): work started while GTK starts up yields to the main thread.
void ghf_run_on_low_priority_thread(const char *name, void (*work)(void *context), void *context);

// Wraps the title and description of an AdwStatusPage, or shows their lines as they are; `child`
// is the page's own child, left alone.
void ghf_status_page_set_wrap(GtkWidget *page, GtkWidget *child, gboolean wrap);

// Gives a menu button its menu when it is first opened rather than now.
void ghf_menu_button_set_menu_model_when_opened(GtkMenuButton *button, GMenuModel *model);

// Sets a string property by name (g_object_set is variadic, which Swift cannot call); for
// properties GTK 4.8 has no setter for, such as GtkSearchEntry's placeholder-text.
void ghf_object_set_string(gpointer object, const char *property, const char *value);
/* The completions a GtkEntry offers as one types; replaces those it offered before. */
void ghf_entry_set_completions(GtkWidget *entry, const char *const *items, int count);
/* The whole text of a GtkTextView, newly allocated (g_free it). */
char *ghf_text_view_get_text(GtkWidget *view);

/// Emits a list view's "activate" for `position`, as Enter or a click on that row does.
void ghf_list_view_activate(GtkWidget *list_view, guint position);

/// A GListModel of `count` row slots (slot_list.c): the app fills the rows itself, and tells
/// GTK only how many there are, so changing what rows show re-creates no row widgets.
#define GHF_TYPE_SLOT (ghf_slot_get_type())
G_DECLARE_FINAL_TYPE(GhfSlot, ghf_slot, GHF, SLOT, GObject)

#define GHF_TYPE_SLOT_LIST (ghf_slot_list_get_type())
G_DECLARE_FINAL_TYPE(GhfSlotList, ghf_slot_list, GHF, SLOT_LIST, GObject)
GhfSlotList *ghf_slot_list_new(void);
void ghf_slot_list_set_count(GhfSlotList *self, guint count);

#endif
