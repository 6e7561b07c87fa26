#include "CCurl.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

// The library's functions, found once by scrollback_curl_open.
static struct {
    CURLcode (*global_init)(long flags);
    CURL *(*easy_init)(void);
    void (*easy_reset)(CURL *);
    void (*easy_cleanup)(CURL *);
    CURLcode (*easy_perform)(CURL *);
    const char *(*easy_strerror)(CURLcode);
    CURLcode (*easy_setopt)(CURL *, CURLoption, ...);
    CURLcode (*easy_getinfo)(CURL *, CURLINFO, ...);
} curl;

static pthread_once_t opened = PTHREAD_ONCE_INIT;
// Why opening failed, copied here (dlerror's text lasts only until the thread's next dl call);
// NULL once libcurl is ready.
static char open_error_text[512];
static const char *open_error;

static void fail(const char *what, const char *detail) {
    snprintf(open_error_text, sizeof open_error_text, "%s%s", what, detail);
    open_error = open_error_text;
}

// Stores `name`'s address in `slot`; returns 0 when it is missing.
static int find(void *library, const char *name, void **slot) {
    *slot = dlsym(library, name);
    if (*slot == NULL) {
        fail("libcurl.so.4 has no ", name);
        return 0;
    }
    return 1;
}

static void open_once(void) {
    // RTLD_LOCAL: its symbols do not join the process's, so nothing else binds to them.
    void *library = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        const char *error = dlerror();
        fail(error != NULL ? error : "libcurl.so.4 cannot be opened", "");
        return;
    }
    if (!find(library, "curl_global_init", (void **)&curl.global_init)
        || !find(library, "curl_easy_init", (void **)&curl.easy_init)
        || !find(library, "curl_easy_reset", (void **)&curl.easy_reset)
        || !find(library, "curl_easy_cleanup", (void **)&curl.easy_cleanup)
        || !find(library, "curl_easy_perform", (void **)&curl.easy_perform)
        || !find(library, "curl_easy_strerror", (void **)&curl.easy_strerror)
        || !find(library, "curl_easy_setopt", (void **)&curl.easy_setopt)
        || !find(library, "curl_easy_getinfo", (void **)&curl.easy_getinfo)) {
        return;
    }
    // Not thread-safe in older libcurl: done here, once, before any handle exists.
    if (curl.global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK) fail("curl_global_init failed", "");
}

const char *scrollback_curl_open(void) {
    pthread_once(&opened, open_once);
    return open_error;
}

CURL *scrollback_curl_easy_init(void) { return curl.easy_init(); }
void scrollback_curl_easy_reset(CURL *handle) { curl.easy_reset(handle); }
void scrollback_curl_easy_cleanup(CURL *handle) { curl.easy_cleanup(handle); }
CURLcode scrollback_curl_easy_perform(CURL *handle) { return curl.easy_perform(handle); }
const char *scrollback_curl_easy_strerror(CURLcode code) { return curl.easy_strerror(code); }

CURLcode scrollback_curl_setopt_long(CURL *handle, CURLoption option, long value) {
    return curl.easy_setopt(handle, option, value);
}

CURLcode scrollback_curl_setopt_string(CURL *handle, CURLoption option, const char *value) {
    return curl.easy_setopt(handle, option, value);
}

CURLcode scrollback_curl_setopt_pointer(CURL *handle, CURLoption option, void *value) {
    return curl.easy_setopt(handle, option, value);
}

CURLcode scrollback_curl_setopt_callback(CURL *handle, CURLoption option, scrollback_curl_data_callback value) {
    return curl.easy_setopt(handle, option, value);
}

CURLcode scrollback_curl_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    return curl.easy_getinfo(handle, info, value);
}

CURLcode scrollback_curl_getinfo_string(CURL *handle, CURLINFO info, const char **value) {
    return curl.easy_getinfo(handle, info, value);
}

CURLcode scrollback_curl_getinfo_offset(CURL *handle, CURLINFO info, curl_off_t *value) {
    return curl.easy_getinfo(handle, info, value);
}
