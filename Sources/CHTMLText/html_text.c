#include "CHTMLText.h"
#include <libxml/HTMLparser.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    char *data;
    size_t length;
    size_t capacity;
    int failed;
} buffer;

static void append(buffer *b, const char *s, size_t n) {
    if (b->failed) return;
    if (b->length + n + 1 > b->capacity) {
        size_t cap = b->capacity ? b->capacity : 256;
        while (b->length + n + 1 > cap) cap *= 2;
        char *grown = realloc(b->data, cap);
        if (grown == NULL) { b->failed = 1; return; }
        b->data = grown;
        b->capacity = cap;
    }
    memcpy(b->data + b->length, s, n);
    b->length += n;
    b->data[b->length] = '\0';
}

static const char *const block_elements[] = {
    "p", "div", "li", "ul", "ol", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "section",
    "article", "header", "footer", "table", "tr", "pre", "dd", "dt", NULL,
};

/* Compares ASCII letters without the C locale: strcasecmp folds with LC_CTYPE, and under
 * tr_TR.UTF-8 'I' is not the capital of 'i', so <LI> or <SCRIPT> would go unrecognised. */
static int ascii_equal(const char *a, const char *b) {
    for (;; a++, b++) {
        unsigned char x = (unsigned char)*a, y = (unsigned char)*b;
        if (x >= 'A' && x <= 'Z') x = (unsigned char)(x - 'A' + 'a');
        if (y >= 'A' && y <= 'Z') y = (unsigned char)(y - 'A' + 'a');
        if (x != y) return 0;
        if (x == 0) return 1;
    }
}

static int is_block(const char *name) {
    for (size_t i = 0; block_elements[i] != NULL; i++) {
        if (ascii_equal(name, block_elements[i])) return 1;
    }
    return 0;
}

static void append_text(buffer *b, const char *text) {
    for (const char *p = text; *p; p++) {
        char c = *p;
        if (c == '\n' || c == '\r' || c == '\t' || c == '\f' || c == '\v') c = ' ';
        append(b, &c, 1);
    }
}

static void walk(xmlNodePtr node, buffer *b, int depth) {
    if (depth > 256) return;
    for (; node != NULL; node = node->next) {
        if (node->type == XML_TEXT_NODE || node->type == XML_CDATA_SECTION_NODE) {
            if (node->content) append_text(b, (const char *)node->content);
        } else if (node->type == XML_ELEMENT_NODE && node->name != NULL) {
            const char *name = (const char *)node->name;
            if (ascii_equal(name, "script") || ascii_equal(name, "style")) continue;
            if (ascii_equal(name, "br")) { append(b, "\n", 1); continue; }
            int block = is_block(name);
            if (block) append(b, "\f", 1);
            walk(node->children, b, depth + 1);
            if (block) append(b, "\f", 1);
        }
    }
}

static void ignore_error(void *ctx, const char *msg, ...) { (void)ctx; (void)msg; }

/* libxml2 is opened on the first fragment, not when the program starts: most runs never show a
 * synopsis (--version, --help, plain listings), and loading the library with the ICU it links
 * costs about a millisecond of every start-up. */
static struct {
    void (*set_generic_error)(void *, xmlGenericErrorFunc);
    htmlDocPtr (*read_memory)(const char *, int, const char *, const char *, int);
    xmlNodePtr (*root_element)(const xmlDoc *);
    void (*free_doc)(xmlDocPtr);
    int ready;
} xml;
static pthread_once_t xml_once = PTHREAD_ONCE_INIT;

static void open_libxml2(void) {
    void *lib = dlopen("libxml2.so.2", RTLD_NOW | RTLD_LOCAL);
    if (lib == NULL) return;
    *(void **)&xml.set_generic_error = dlsym(lib, "xmlSetGenericErrorFunc");
    *(void **)&xml.read_memory = dlsym(lib, "htmlReadMemory");
    *(void **)&xml.root_element = dlsym(lib, "xmlDocGetRootElement");
    *(void **)&xml.free_doc = dlsym(lib, "xmlFreeDoc");
    xml.ready = xml.set_generic_error && xml.read_memory && xml.root_element && xml.free_doc;
}

/* Without libxml2: markup dropped by a plain scan (a tag is '<' up to the next '>'), block
 * tags and <br> marked as the parser's walk marks them, the five XML entities decoded. */
static void strip_tags(const char *s, size_t n, buffer *b) {
    size_t i = 0;
    while (i < n) {
        if (s[i] == '<') {
            size_t j = i + 1;
            while (j < n && s[j] != '>') j++;
            size_t k = i + 1;
            if (k < j && s[k] == '/') k++;
            char name[16];
            size_t len = 0;
            while (k < j && len < sizeof name - 1 && ((s[k] >= 'a' && s[k] <= 'z') || (s[k] >= 'A' && s[k] <= 'Z') || (s[k] >= '0' && s[k] <= '9'))) name[len++] = s[k++];
            name[len] = '\0';
            if (len > 0 && strcasecmp(name, "br") == 0) append(b, "\n", 1);
            else if (len > 0 && is_block(name)) append(b, "\f", 1);
            i = j < n ? j + 1 : n;
            continue;
        }
        if (s[i] == '&') {
            static const struct { const char *name; char c; } entities[] = {
                {"&amp;", '&'}, {"&lt;", '<'}, {"&gt;", '>'}, {"&quot;", '"'}, {"&apos;", '\''}, {"&#39;", '\''},
            };
            int matched = 0;
            for (size_t e = 0; e < sizeof entities / sizeof entities[0]; e++) {
                size_t m = strlen(entities[e].name);
                if (i + m <= n && memcmp(s + i, entities[e].name, m) == 0) {
                    append(b, &entities[e].c, 1);
                    i += m;
                    matched = 1;
                    break;
                }
            }
            if (matched) continue;
        }
        char c = s[i++];
        if (c == '\n' || c == '\r' || c == '\t' || c == '\f' || c == '\v') c = ' ';
        append(b, &c, 1);
    }
}

char *dc_html_to_text(const char *html, size_t length) {
    pthread_once(&xml_once, open_libxml2);
    buffer out = {0};
    append(&out, "", 0);
    if (!xml.ready) {
        strip_tags(html, length, &out);
        if (out.failed) { free(out.data); return NULL; }
        return out.data;
    }
    xml.set_generic_error(NULL, ignore_error);
    static const char open[] = "<div>", close[] = "</div>";
    buffer source = {0};
    append(&source, open, sizeof open - 1);
    append(&source, html, length);
    append(&source, close, sizeof close - 1);
    if (source.failed || out.failed) { free(source.data); free(out.data); return NULL; }
    int options = HTML_PARSE_RECOVER | HTML_PARSE_NOERROR | HTML_PARSE_NOWARNING | HTML_PARSE_NONET | HTML_PARSE_NOIMPLIED;
    htmlDocPtr doc = xml.read_memory(source.data, (int)source.length, NULL, "UTF-8", options);
    free(source.data);
    if (doc != NULL) {
        walk(xml.root_element(doc), &out, 0);
        xml.free_doc(doc);
    }
    if (out.failed) { free(out.data); return NULL; }
    return out.data;
}
