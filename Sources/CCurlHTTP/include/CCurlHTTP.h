/* HTTP GET over libcurl, one transfer per thread, for Swift's async callers.
 *
 * libcurl (Debian's libcurl4) is opened with dlopen on the first request, so a run that never
 * goes to the network (the snapshot, --version, --help) does not load it and the thirty
 * libraries it links. Each transfer runs on its own thread in a curl_multi loop, so that a
 * cancel wakes it at once (curl_multi_wakeup) and the whole-request limit is kept to the
 * millisecond. */
#ifndef DISCOVER_CCURLHTTP_H
#define DISCOVER_CCURLHTTP_H
#include <stddef.h>

typedef struct dc_http dc_http;

/* Called once, on the transfer's thread, when the transfer has ended for any reason. */
typedef void (*dc_http_done)(void *context);

/* NULL when libcurl is loaded (loading it first if needed); else why it cannot be. */
const char *dc_http_unavailable(void);

/* A new GET of `url` (NULL when libcurl is missing or memory is short). `byte_wait_seconds`:
 * the longest wait for the connection or for the next byte (at least 1); `limit_ms`: the
 * longest the whole transfer may take. The caller holds one reference; dc_http_release drops
 * it. */
dc_http *dc_http_new(const char *url, long byte_wait_seconds, long limit_ms);

/* Adds a request header line ("Name: value"). Returns 0, or -1 when memory is short. */
int dc_http_add_header(dc_http *request, const char *line);

/* The certificate authorities the peer is checked against, as CURLOPT_CAINFO (a PEM bundle)
 * and CURLOPT_CAPATH (a folder of hashed certificates); NULL keeps libcurl's default. Before
 * the start. Returns 0, or -1 when libcurl refuses one (memory, or a TLS backend without it). */
int dc_http_set_trust(dc_http *request, const char *ca_file, const char *ca_directory);

/* libcurl's built-in CA bundle file and folder (curl_version_info, libcurl 7.70 or later), or
 * NULL when it has none, is older, or is not installed. */
const char *dc_http_default_ca_file(void);
const char *dc_http_default_ca_directory(void);

/* Starts the transfer on a new thread, which calls done(context) when it ends. Returns 0, or
 * -1 when no thread could be started (done is not called then). */
int dc_http_start(dc_http *request, dc_http_done done, void *context);

/* Stops the transfer as soon as its thread wakes (at once when it is waiting). Thread safe;
 * any number of times, before or after the start. */
void dc_http_cancel(dc_http *request);

/* After done: libcurl's result (CURLcode, 0 for a response); 1 when the transfer was
 * cancelled, 1 when it ran past limit_ms; the HTTP status; the body; the last response's
 * header lines (CRLF separated, status line first); curl's own message, possibly empty. */
int dc_http_result(const dc_http *request);
int dc_http_was_cancelled(const dc_http *request);
int dc_http_has_expired(const dc_http *request);
long dc_http_status(const dc_http *request);
/* After a failed transfer: the TLS peer check's result (OpenSSL's X509_V_* code, 0 when the
 * chain was trusted or not checked; CURLINFO_SSL_VERIFYRESULT). */
long dc_http_verify_result(const dc_http *request);
const unsigned char *dc_http_body(const dc_http *request, size_t *length);
const char *dc_http_headers(const dc_http *request, size_t *length);
const char *dc_http_message(const dc_http *request);
/* 1 when the body passed the size limit (64 MiB) and the transfer was stopped. */
int dc_http_too_large(const dc_http *request);

/* Drops the caller's reference; the transfer's thread holds its own until it ends. */
void dc_http_release(dc_http *request);
#endif
