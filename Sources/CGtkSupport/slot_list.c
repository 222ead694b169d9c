// A GListModel of N row slots: the item at a position is a small object standing for "the row
// at that position", whatever it shows. The app tells GTK only that the number of rows changed
// (at the end of the list) and re-fills the row widgets already on screen itself, so a filter
// over 100,000 favorites neither destroys nor creates row widgets: in GTK 4.8 a list view keeps
// about 200 of them, and re-creating those took 70-200 ms per keystroke with a GtkStringList.
#include "CGtkSupport.h"

struct _GhfSlot {
    GObject parent_instance;
    guint position;
    GHashTable *live; // the list's position → slot table this slot is registered in (owned ref)
};

G_DEFINE_FINAL_TYPE(GhfSlot, ghf_slot, G_TYPE_OBJECT)

static gpointer ghf_slot_key(guint position) { return GUINT_TO_POINTER(position + 1); }

static void ghf_slot_finalize(GObject *object) {
    GhfSlot *self = GHF_SLOT(object);
    if (self->live) {
        if (g_hash_table_lookup(self->live, ghf_slot_key(self->position)) == self)
            g_hash_table_remove(self->live, ghf_slot_key(self->position));
        g_hash_table_unref(self->live);
    }
    G_OBJECT_CLASS(ghf_slot_parent_class)->finalize(object);
}

static void ghf_slot_class_init(GhfSlotClass *klass) {
    G_OBJECT_CLASS(klass)->finalize = ghf_slot_finalize;
}

static void ghf_slot_init(GhfSlot *self) { (void)self; }

struct _GhfSlotList {
    GObject parent_instance;
    guint n_items;
    // Slots alive now, by position: asking twice for a position gives the same object, which
    // is how GTK knows a row is still the same row.
    GHashTable *live;
};

static GType ghf_slot_list_get_item_type(GListModel *model) {
    (void)model;
    return GHF_TYPE_SLOT;
}

static guint ghf_slot_list_get_n_items(GListModel *model) {
    return GHF_SLOT_LIST(model)->n_items;
}

static gpointer ghf_slot_list_get_item(GListModel *model, guint position) {
    GhfSlotList *self = GHF_SLOT_LIST(model);
    if (position >= self->n_items) return NULL;
    GhfSlot *slot = g_hash_table_lookup(self->live, ghf_slot_key(position));
    if (slot) return g_object_ref(slot);
    slot = g_object_new(GHF_TYPE_SLOT, NULL);
    slot->position = position;
    slot->live = g_hash_table_ref(self->live);
    g_hash_table_insert(self->live, ghf_slot_key(position), slot);
    return slot;
}

static void ghf_slot_list_model_init(GListModelInterface *iface) {
    iface->get_item_type = ghf_slot_list_get_item_type;
    iface->get_n_items = ghf_slot_list_get_n_items;
    iface->get_item = ghf_slot_list_get_item;
}

G_DEFINE_FINAL_TYPE_WITH_CODE(GhfSlotList, ghf_slot_list, G_TYPE_OBJECT,
                              G_IMPLEMENT_INTERFACE(G_TYPE_LIST_MODEL, ghf_slot_list_model_init))

static void ghf_slot_list_finalize(GObject *object) {
    g_hash_table_unref(GHF_SLOT_LIST(object)->live);
    G_OBJECT_CLASS(ghf_slot_list_parent_class)->finalize(object);
}

static void ghf_slot_list_class_init(GhfSlotListClass *klass) {
    G_OBJECT_CLASS(klass)->finalize = ghf_slot_list_finalize;
}

static void ghf_slot_list_init(GhfSlotList *self) {
    self->live = g_hash_table_new(g_direct_hash, g_direct_equal);
}

GhfSlotList *ghf_slot_list_new(void) {
    return g_object_new(GHF_TYPE_SLOT_LIST, NULL);
}

void ghf_slot_list_set_count(GhfSlotList *self, guint count) {
    guint old = self->n_items;
    if (count == old) return;
    self->n_items = count;
    if (count > old) {
        g_list_model_items_changed(G_LIST_MODEL(self), old, 0, count - old);
    } else {
        // Slots past the end that GTK still holds (a selection, a row being torn down) must not
        // be handed out again for a position that comes back: forget them now.
        for (guint position = count; position < old; position++) g_hash_table_remove(self->live, ghf_slot_key(position));
        g_list_model_items_changed(G_LIST_MODEL(self), count, old - count, 0);
    }
}
