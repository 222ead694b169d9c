// Milliseconds since this process started: shared by the app's --benchmark-startup and the bare
// GTK window the benchmark compares it with (bench/bare-window.c), so both are timed alike.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

double ghf_milliseconds_since_process_start(void) {
    // Field 22 of /proc/self/stat is the start time in clock ticks since boot.
    FILE *file = fopen("/proc/self/stat", "r");
    if (file == NULL) return -1;
    char buffer[4096];
    size_t length = fread(buffer, 1, sizeof buffer - 1, file);
    fclose(file);
    buffer[length] = '\0';
    char *cursor = strrchr(buffer, ')');
    if (cursor == NULL) return -1;
    unsigned long long start_ticks = 0;
    int field = 2;
    for (char *token = strtok(cursor + 1, " "); token != NULL; token = strtok(NULL, " ")) {
        field++;
        if (field == 22) { start_ticks = strtoull(token, NULL, 10); break; }
    }
    struct timespec now;
    clock_gettime(CLOCK_BOOTTIME, &now);
    double now_ms = now.tv_sec * 1000.0 + now.tv_nsec / 1e6;
    double start_ms = start_ticks * 1000.0 / sysconf(_SC_CLK_TCK);
    return now_ms - start_ms;
}
