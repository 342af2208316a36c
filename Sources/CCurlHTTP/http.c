#include "CCurlHTTP.h"
#include <curl/curl.h>
#include <dlfcn.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define BODY_LIMIT ((size_t)64 << 20)

/* The libcurl functions used, looked up once (curl 7.68 or later: curl_multi_poll/wakeup). */
static struct {
    CURLcode (*global_init)(long);
    CURL *(*easy_init)(void);
    CURLcode (*easy_setopt)(CURL *, CURLoption, ...);
    CURLcode (*easy_getinfo)(CURL *, CURLINFO, ...);
    void (*easy_cleanup)(CURL *);
    CURLM *(*multi_init)(void);
    CURLMcode (*multi_add_handle)(CURLM *, CURL *);
    CURLMcode (*multi_remove_handle)(CURLM *, CURL *);
    CURLMcode (*multi_perform)(CURLM *, int *);
    CURLMcode (*multi_poll)(CURLM *, struct curl_waitfd *, unsigned int, int, int *);
    CURLMcode (*multi_wakeup)(CURLM *);
    CURLMsg *(*multi_info_read)(CURLM *, int *);
    CURLMcode (*multi_cleanup)(CURLM *);
    struct curl_slist *(*slist_append)(struct curl_slist *, const char *);
    void (*slist_free_all)(struct curl_slist *);
    curl_version_info_data *(*version_info)(CURLversion); /* optional: NULL when missing */
    const char *unavailable;
} curl;
static pthread_once_t curl_once = PTHREAD_ONCE_INIT;

static void open_libcurl(void) {
    void *lib = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
    if (lib == NULL) { curl.unavailable = "libcurl (libcurl4) is not installed"; return; }
#define LOOK(field, name) *(void **)&curl.field = dlsym(lib, name); if (curl.field == NULL) { curl.unavailable = "libcurl is older than 7.68"; return; }
    LOOK(global_init, "curl_global_init")
    LOOK(easy_init, "curl_easy_init")
    LOOK(easy_setopt, "curl_easy_setopt")
    LOOK(easy_getinfo, "curl_easy_getinfo")
    LOOK(easy_cleanup, "curl_easy_cleanup")
    LOOK(multi_init, "curl_multi_init")
    LOOK(multi_add_handle, "curl_multi_add_handle")
    LOOK(multi_remove_handle, "curl_multi_remove_handle")
    LOOK(multi_perform, "curl_multi_perform")
    LOOK(multi_poll, "curl_multi_poll")
    LOOK(multi_wakeup, "curl_multi_wakeup")
    LOOK(multi_info_read, "curl_multi_info_read")
    LOOK(multi_cleanup, "curl_multi_cleanup")
    LOOK(slist_append, "curl_slist_append")
    LOOK(slist_free_all, "curl_slist_free_all")
#undef LOOK
    *(void **)&curl.version_info = dlsym(lib, "curl_version_info");
    if (curl.global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK) curl.unavailable = "libcurl could not start";
}

const char *dc_http_unavailable(void) {
    pthread_once(&curl_once, open_libcurl);
    return curl.unavailable;
}

typedef struct {
    unsigned char *data;
    size_t length, capacity;
} bytes;

static int bytes_append(bytes *b, const void *s, size_t n) {
    if (b->length + n + 1 > b->capacity) {
        size_t cap = b->capacity ? b->capacity : 4096;
        while (b->length + n + 1 > cap) cap *= 2;
        unsigned char *grown = realloc(b->data, cap);
        if (grown == NULL) return -1;
        b->data = grown;
        b->capacity = cap;
    }
    memcpy(b->data + b->length, s, n);
    b->length += n;
    b->data[b->length] = 0;
    return 0;
}

struct dc_http {
    atomic_int references;
    pthread_mutex_t lock;
    CURLM *multi;          /* set while the transfer's loop runs; guarded by lock */
    int cancelled;         /* guarded by lock */
    CURL *easy;
    struct curl_slist *headers;
    long byte_wait_seconds, limit_ms;
    dc_http_done done;
    void *context;
    int result, expired, too_large;
    long long last_byte_ms; /* when the last byte (or the start) was seen; the loop's thread only */
    long status;
    long verify_result;    /* the TLS peer check's X509_V_* code, after the transfer */
    bytes body, header_lines;
    char message[CURL_ERROR_SIZE];
};

static long long now_ms(void);

static size_t on_body(char *data, size_t size, size_t count, void *user) {
    dc_http *r = user;
    size_t n = size * count;
    r->last_byte_ms = now_ms();
    if (r->body.length + n > BODY_LIMIT) { r->too_large = 1; return 0; }
    return bytes_append(&r->body, data, n) == 0 ? n : 0;
}

static size_t on_header(char *data, size_t size, size_t count, void *user) {
    dc_http *r = user;
    size_t n = size * count;
    r->last_byte_ms = now_ms();
    /* A new status line starts a new response (after a redirect or a 100 Continue). */
    if (n >= 5 && memcmp(data, "HTTP/", 5) == 0) r->header_lines.length = 0;
    return bytes_append(&r->header_lines, data, n) == 0 ? n : 0;
}

dc_http *dc_http_new(const char *url, long byte_wait_seconds, long limit_ms) {
    if (dc_http_unavailable() != NULL) return NULL;
    dc_http *r = calloc(1, sizeof *r);
    if (r == NULL) return NULL;
    r->easy = curl.easy_init();
    if (r->easy == NULL) { free(r); return NULL; }
    atomic_init(&r->references, 1);
    pthread_mutex_init(&r->lock, NULL);
    r->byte_wait_seconds = byte_wait_seconds < 1 ? 1 : byte_wait_seconds;
    r->limit_ms = limit_ms < 1 ? 1 : limit_ms;
    CURL *e = r->easy;
    curl.easy_setopt(e, CURLOPT_URL, url);
    curl.easy_setopt(e, CURLOPT_HTTPGET, 1L);
    curl.easy_setopt(e, CURLOPT_NOSIGNAL, 1L);
    curl.easy_setopt(e, CURLOPT_PROTOCOLS_STR, "http,https");
    curl.easy_setopt(e, CURLOPT_REDIR_PROTOCOLS_STR, "http,https");
    curl.easy_setopt(e, CURLOPT_FOLLOWLOCATION, 1L);
    curl.easy_setopt(e, CURLOPT_MAXREDIRS, 16L);
    curl.easy_setopt(e, CURLOPT_ACCEPT_ENCODING, "");
    /* No byte for byte_wait_seconds: connecting here, and waiting for the answer or between
     * two bytes in the transfer's loop (libcurl's low-speed check recomputes the speed once a
     * second only, too coarse for a wait of a second or two). */
    curl.easy_setopt(e, CURLOPT_CONNECTTIMEOUT_MS, r->byte_wait_seconds * 1000L);
    curl.easy_setopt(e, CURLOPT_ERRORBUFFER, r->message);
    curl.easy_setopt(e, CURLOPT_WRITEFUNCTION, on_body);
    curl.easy_setopt(e, CURLOPT_WRITEDATA, r);
    curl.easy_setopt(e, CURLOPT_HEADERFUNCTION, on_header);
    curl.easy_setopt(e, CURLOPT_HEADERDATA, r);
    return r;
}

int dc_http_add_header(dc_http *r, const char *line) {
    struct curl_slist *list = curl.slist_append(r->headers, line);
    if (list == NULL) return -1;
    r->headers = list;
    return 0;
}

static long long now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (long long)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

static void *run(void *argument) {
    dc_http *r = argument;
    /* A write to a connection the server has closed raises SIGPIPE in the writing thread
     * (OpenSSL writes with plain send). Blocked here, the write fails with EPIPE instead and
     * the transfer ends with an error; the program is not killed. Threads libcurl starts from
     * here (its resolver) inherit the mask. */
    sigset_t pipe_only;
    sigemptyset(&pipe_only);
    sigaddset(&pipe_only, SIGPIPE);
    pthread_sigmask(SIG_BLOCK, &pipe_only, NULL);
    r->result = CURLE_ABORTED_BY_CALLBACK;
    CURLM *multi = curl.multi_init();
    if (multi == NULL || curl.multi_add_handle(multi, r->easy) != CURLM_OK) {
        r->result = CURLE_OUT_OF_MEMORY;
        if (multi != NULL) curl.multi_cleanup(multi);
        multi = NULL;
    }
    if (multi != NULL) {
        pthread_mutex_lock(&r->lock);
        r->multi = multi;
        int stop = r->cancelled;
        pthread_mutex_unlock(&r->lock);
        long long deadline = now_ms() + r->limit_ms;
        long long byte_wait_ms = r->byte_wait_seconds * 1000LL;
        r->last_byte_ms = now_ms();
        int running = 1;
        while (!stop) {
            if (curl.multi_perform(multi, &running) != CURLM_OK) { r->result = CURLE_OUT_OF_MEMORY; break; }
            if (!running) {
                int left = 0;
                CURLMsg *message;
                while ((message = curl.multi_info_read(multi, &left)) != NULL) {
                    if (message->msg == CURLMSG_DONE) r->result = message->data.result;
                }
                break;
            }
            long long now = now_ms();
            long long remaining = deadline - now;
            if (remaining <= 0) { r->expired = 1; r->result = CURLE_OPERATION_TIMEDOUT; break; }
            long long quiet = r->last_byte_ms + byte_wait_ms - now;
            if (quiet <= 0) { r->result = CURLE_OPERATION_TIMEDOUT; break; }
            long long wait = remaining < quiet ? remaining : quiet;
            curl.multi_poll(multi, NULL, 0, wait < 1000 ? (int)wait : 1000, NULL);
            pthread_mutex_lock(&r->lock);
            stop = r->cancelled;
            pthread_mutex_unlock(&r->lock);
        }
        if (r->result == CURLE_OK) curl.easy_getinfo(r->easy, CURLINFO_RESPONSE_CODE, &r->status);
        else curl.easy_getinfo(r->easy, CURLINFO_SSL_VERIFYRESULT, &r->verify_result);
        pthread_mutex_lock(&r->lock);
        r->multi = NULL;
        pthread_mutex_unlock(&r->lock);
        curl.multi_remove_handle(multi, r->easy);
        curl.multi_cleanup(multi);
    }
    r->done(r->context);
    dc_http_release(r);
    return NULL;
}

int dc_http_set_trust(dc_http *r, const char *ca_file, const char *ca_directory) {
    /* libcurl copies the strings. */
    if (ca_file != NULL && curl.easy_setopt(r->easy, CURLOPT_CAINFO, ca_file) != CURLE_OK) return -1;
    if (ca_directory != NULL && curl.easy_setopt(r->easy, CURLOPT_CAPATH, ca_directory) != CURLE_OK) return -1;
    return 0;
}

const char *dc_http_default_ca_file(void) {
    if (dc_http_unavailable() != NULL || curl.version_info == NULL) return NULL;
    curl_version_info_data *info = curl.version_info(CURLVERSION_NOW);
    return info != NULL && info->age >= CURLVERSION_NINTH ? info->cainfo : NULL;
}

const char *dc_http_default_ca_directory(void) {
    if (dc_http_unavailable() != NULL || curl.version_info == NULL) return NULL;
    curl_version_info_data *info = curl.version_info(CURLVERSION_NOW);
    return info != NULL && info->age >= CURLVERSION_NINTH ? info->capath : NULL;
}

int dc_http_start(dc_http *r, dc_http_done done, void *context) {
    r->done = done;
    r->context = context;
    curl.easy_setopt(r->easy, CURLOPT_HTTPHEADER, r->headers);
    atomic_fetch_add(&r->references, 1);
    pthread_attr_t attributes;
    pthread_attr_init(&attributes);
    pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
    pthread_t thread;
    int failed = pthread_create(&thread, &attributes, run, r);
    pthread_attr_destroy(&attributes);
    if (failed) { atomic_fetch_sub(&r->references, 1); return -1; }
    return 0;
}

void dc_http_cancel(dc_http *r) {
    pthread_mutex_lock(&r->lock);
    r->cancelled = 1;
    if (r->multi != NULL) curl.multi_wakeup(r->multi);
    pthread_mutex_unlock(&r->lock);
}

int dc_http_result(const dc_http *r) { return r->result; }
int dc_http_was_cancelled(const dc_http *r) {
    pthread_mutex_lock((pthread_mutex_t *)&r->lock);
    int cancelled = r->cancelled;
    pthread_mutex_unlock((pthread_mutex_t *)&r->lock);
    return cancelled;
}
int dc_http_has_expired(const dc_http *r) { return r->expired; }
long dc_http_status(const dc_http *r) { return r->status; }
long dc_http_verify_result(const dc_http *r) { return r->verify_result; }
int dc_http_too_large(const dc_http *r) { return r->too_large; }
const char *dc_http_message(const dc_http *r) { return r->message; }

const unsigned char *dc_http_body(const dc_http *r, size_t *length) {
    *length = r->body.length;
    return r->body.data;
}

const char *dc_http_headers(const dc_http *r, size_t *length) {
    *length = r->header_lines.length;
    return (const char *)r->header_lines.data;
}

void dc_http_release(dc_http *r) {
    if (r == NULL || atomic_fetch_sub(&r->references, 1) != 1) return;
    curl.easy_cleanup(r->easy);
    if (r->headers != NULL) curl.slist_free_all(r->headers);
    pthread_mutex_destroy(&r->lock);
    free(r->body.data);
    free(r->header_lines.data);
    free(r);
}
