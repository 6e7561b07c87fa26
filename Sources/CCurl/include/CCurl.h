// libcurl, opened when --media-dir first needs it rather than linked: loading libcurl and the
// thirty libraries under it cost every run of the command line about 10 M instructions and
// 4 ms before main, and only --media-dir downloads anything. The header gives the types and
// option numbers (libcurl's ABI keeps them); nothing here is linked against libcurl.
//
// The functions below are libcurl's, called through the library opened by
// scrollback_curl_open. They exist because curl_easy_setopt and curl_easy_getinfo are
// variadic, which Swift cannot call: each wrapper passes one argument of one type.
#ifndef SCROLLBACK_CCURL_H
#define SCROLLBACK_CCURL_H

#include <curl/curl.h>
#include <stddef.h>

/// The signature of a body or header callback (CURLOPT_WRITEFUNCTION, CURLOPT_HEADERFUNCTION).
typedef size_t (*scrollback_curl_data_callback)(char *bytes, size_t size, size_t count, void *context);

/// Opens libcurl.so.4 and initialises it, once per process (safe from any thread). Returns
/// NULL when it is ready, or why it is not (dlopen's message, or the function it lacks), in
/// storage that lasts as long as the process.
const char *scrollback_curl_open(void);

/// The functions of the same name without the prefix. Call them only after
/// scrollback_curl_open returned NULL.
CURL *scrollback_curl_easy_init(void);
void scrollback_curl_easy_reset(CURL *handle);
void scrollback_curl_easy_cleanup(CURL *handle);
CURLcode scrollback_curl_easy_perform(CURL *handle);
const char *scrollback_curl_easy_strerror(CURLcode code);

/// curl_easy_setopt with an option that takes a long, a string (copied by libcurl), a pointer
/// handed back to callbacks, or a data callback.
CURLcode scrollback_curl_setopt_long(CURL *handle, CURLoption option, long value);
CURLcode scrollback_curl_setopt_string(CURL *handle, CURLoption option, const char *value);
CURLcode scrollback_curl_setopt_pointer(CURL *handle, CURLoption option, void *value);
CURLcode scrollback_curl_setopt_callback(CURL *handle, CURLoption option, scrollback_curl_data_callback value);

/// curl_easy_getinfo with an item that gives a long, a string (owned by the handle), or a
/// curl_off_t.
CURLcode scrollback_curl_getinfo_long(CURL *handle, CURLINFO info, long *value);
CURLcode scrollback_curl_getinfo_string(CURL *handle, CURLINFO info, const char **value);
CURLcode scrollback_curl_getinfo_offset(CURL *handle, CURLINFO info, curl_off_t *value);

#endif
