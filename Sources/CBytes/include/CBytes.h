// glibc's memmem, which Swift's Glibc module does not expose (it is a GNU extension).
#ifndef GHF_CBYTES_H
#define GHF_CBYTES_H

#include <stddef.h>

/// The first place `needle` (`needle_length` bytes, at least 1) starts in `haystack`, or NULL.
const unsigned char *ghf_find_bytes(const unsigned char *haystack, size_t haystack_length, const unsigned char *needle, size_t needle_length);

#endif
