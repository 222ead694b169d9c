// How the C allocator behaves in this process: glibc's malloc, which GTK, GLib and the Swift
// runtime all allocate from.
#include <malloc.h>

void ghf_limit_malloc_arenas(int count) {
    mallopt(M_ARENA_MAX, count);
}

void ghf_disable_malloc_fastbins(void) {
    mallopt(M_MXFAST, 0);
}

void ghf_release_free_memory(void) {
    malloc_trim(0);
}
