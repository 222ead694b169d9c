// Loads libcurl when Foundation's URLSession first needs it instead of at process start.
#pragma once

/// Loads libcurl now (on the calling thread) if it is not loaded yet; returns 0 when it could
/// not be loaded. The curl functions below load it themselves; this only moves the work.
int ghf_curl_load(void);
