#define _GNU_SOURCE
#include <string.h>
#include "CBytes.h"

const unsigned char *ghf_find_bytes(const unsigned char *haystack, size_t haystack_length, const unsigned char *needle, size_t needle_length) {
    return memmem(haystack, haystack_length, needle, needle_length);
}
