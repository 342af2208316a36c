#include "CHTMLText.h"
#include <libxml/HTMLparser.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>
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

char *dc_html_to_text(const char *html, size_t length) {
    xmlSetGenericErrorFunc(NULL, ignore_error);
    static const char open[] = "<div>", close[] = "</div>";
    buffer source = {0};
    append(&source, open, sizeof open - 1);
    append(&source, html, length);
    append(&source, close, sizeof close - 1);
    buffer out = {0};
    append(&out, "", 0);
    if (source.failed || out.failed) { free(source.data); free(out.data); return NULL; }
    int options = HTML_PARSE_RECOVER | HTML_PARSE_NOERROR | HTML_PARSE_NOWARNING | HTML_PARSE_NONET | HTML_PARSE_NOIMPLIED;
    htmlDocPtr doc = htmlReadMemory(source.data, (int)source.length, NULL, "UTF-8", options);
    free(source.data);
    if (doc != NULL) {
        walk(xmlDocGetRootElement(doc), &out, 0);
        xmlFreeDoc(doc);
    }
    if (out.failed) { free(out.data); return NULL; }
    return out.data;
}
