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

#include "html_entities.h"

static int is_alpha(unsigned char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
static int is_digit(unsigned char c) { return c >= '0' && c <= '9'; }
static int is_alnum(unsigned char c) { return is_alpha(c) || is_digit(c); }
static int is_hex(unsigned char c) { return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }
/* The HTML tokenizer's white space (tab, LF, FF, space; CR is read as LF). */
static int is_space(unsigned char c) { return c == '\t' || c == '\n' || c == '\f' || c == ' ' || c == '\r'; }
static unsigned char lower(unsigned char c) { return c >= 'A' && c <= 'Z' ? (unsigned char)(c - 'A' + 'a') : c; }

static void append_utf8(buffer *b, unsigned long cp) {
    char u[4];
    size_t n;
    if (cp < 0x80) { u[0] = (char)cp; n = 1; }
    else if (cp < 0x800) { u[0] = (char)(0xC0 | (cp >> 6)); u[1] = (char)(0x80 | (cp & 0x3F)); n = 2; }
    else if (cp < 0x10000) { u[0] = (char)(0xE0 | (cp >> 12)); u[1] = (char)(0x80 | ((cp >> 6) & 0x3F)); u[2] = (char)(0x80 | (cp & 0x3F)); n = 3; }
    else { u[0] = (char)(0xF0 | (cp >> 18)); u[1] = (char)(0x80 | ((cp >> 12) & 0x3F)); u[2] = (char)(0x80 | ((cp >> 6) & 0x3F)); u[3] = (char)(0x80 | (cp & 0x3F)); n = 4; }
    append(b, u, n);
}

/* Text for the parser: '<', '>' and '&' escaped when `escape`, else as they are. */
static void append_text_bytes(buffer *b, const char *s, size_t n, int escape) {
    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        if (c == '\0') continue; /* the tree builder ignores U+0000 in text */
        if (escape && c == '<') append(b, "&lt;", 4);
        else if (escape && c == '>') append(b, "&gt;", 4);
        else if (escape && c == '&') append(b, "&amp;", 5);
        else append(b, &c, 1);
    }
}

/* The value of the named reference of exactly `n` bytes at s, or NULL. */
static const char *entity_named(const char *s, size_t n) {
    size_t low = 0, high = sizeof html_entities / sizeof html_entities[0];
    while (low < high) {
        size_t mid = (low + high) / 2;
        const char *name = html_entities[mid].name;
        size_t m = strlen(name);
        int order = memcmp(name, s, m < n ? m : n);
        if (order == 0) order = m < n ? -1 : (m > n ? 1 : 0);
        if (order == 0) return html_entities[mid].value;
        if (order < 0) low = mid + 1; else high = mid;
    }
    return NULL;
}

/* Windows-1252 for the numeric references 0x80-0x9F (WHATWG HTML, "numeric character
 * reference end state"); 0 where the spec keeps the C1 control. */
static const unsigned short c1_remap[32] = {
    0x20AC, 0, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017D, 0,
    0, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0, 0x017E, 0x0178,
};

/* A character reference at s[0] == '&' (WHATWG HTML 13.2.5.72-80, in text): appends what it
 * stands for (escaped for the parser when `escape`) and returns the bytes it took (at least
 * 1). A named reference is the longest name that matches; one without its semicolon counts
 * only for the 106 legacy names, and not at all when `need_semicolon` (plain-text names). A
 * numeric one of 0, a surrogate or past U+10FFFF is U+FFFD; 0x80-0x9F are read as
 * Windows-1252; a control character it names is dropped (a browser shows none). Anything
 * else is the '&' as text. */
static size_t reference(const char *s, size_t n, buffer *b, int escape, int need_semicolon) {
    if (n >= 2 && s[1] == '#') {
        size_t i = 2;
        int hex = i < n && (s[i] == 'x' || s[i] == 'X');
        if (hex) i++;
        size_t digits = i;
        unsigned long cp = 0;
        while (i < n && (hex ? is_hex((unsigned char)s[i]) : is_digit((unsigned char)s[i]))) {
            unsigned char c = (unsigned char)s[i++];
            unsigned long d = is_digit(c) ? (unsigned long)(c - '0') : (unsigned long)(lower(c) - 'a' + 10);
            if (cp <= 0x10FFFF) cp = cp * (hex ? 16 : 10) + d;
        }
        if (i == digits) { append_text_bytes(b, s, i, escape); return i; } /* absence of digits: text */
        if (i < n && s[i] == ';') i++;
        if (cp == 0 || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) cp = 0xFFFD;
        if (cp >= 0x80 && cp <= 0x9F && c1_remap[cp - 0x80] != 0) cp = c1_remap[cp - 0x80];
        int control = (cp < 0x20 && !is_space((unsigned char)cp)) || (cp >= 0x7F && cp <= 0x9F);
        if (control) return i;
        if (escape && (cp == '<' || cp == '>' || cp == '&')) append_text_bytes(b, (const char *)&(char){(char)cp}, 1, 1);
        else append_utf8(b, cp);
        return i;
    }
    size_t available = n - 1 < 32 ? n - 1 : 32;
    for (size_t len = available; len > 0; len--) {
        if (!is_alnum((unsigned char)s[len]) && s[len] != ';') continue;
        if (need_semicolon && s[len] != ';') continue;
        const char *value = entity_named(s + 1, len);
        if (value == NULL) continue;
        append_text_bytes(b, value, strlen(value), escape);
        return len + 1;
    }
    append_text_bytes(b, s, 1, escape);
    return 1;
}

/* Where `needle` (lower case) starts at s, compared without ASCII case. */
static int starts_with_folded(const char *s, size_t n, const char *needle) {
    size_t m = strlen(needle);
    if (n < m) return 0;
    for (size_t i = 0; i < m; i++) if (lower((unsigned char)s[i]) != (unsigned char)needle[i]) return 0;
    return 1;
}

/* The offset after the first '>' from s[i], or n (a bogus comment, a doctype). */
static size_t past_gt(const char *s, size_t n, size_t i) {
    const char *gt = i < n ? memchr(s + i, '>', n - i) : NULL;
    return gt == NULL ? n : (size_t)(gt - s) + 1;
}

/* A tag from its name's first byte at s[i]: its name (lower case, in `name`, empty when longer
 * than the buffer or not [a-z0-9]) and the offset after its '>', or n when the text ends
 * inside it (the tokenizer's eof-in-tag: the tag is dropped). Attributes are skipped as the
 * tokenizer reads them, so a quoted '>' does not end the tag. */
static size_t read_tag(const char *s, size_t n, size_t i, char *name, size_t capacity, int *complete) {
    size_t len = 0;
    int valid = 1;
    while (i < n && !is_space((unsigned char)s[i]) && s[i] != '/' && s[i] != '>') {
        unsigned char c = lower((unsigned char)s[i++]);
        if (!is_alnum(c)) valid = 0;
        if (len + 1 < capacity) name[len++] = (char)c; else valid = 0;
    }
    name[valid ? len : 0] = '\0';
    *complete = 0;
    while (i < n) {
        unsigned char c = (unsigned char)s[i];
        if (c == '>') { *complete = 1; return i + 1; }
        if (is_space(c) || c == '/') { i++; continue; }
        /* An attribute's name (a first '=' is part of it), then perhaps '=' and a value. */
        i++;
        while (i < n && !is_space((unsigned char)s[i]) && s[i] != '/' && s[i] != '>' && s[i] != '=') i++;
        while (i < n && is_space((unsigned char)s[i])) i++;
        if (i < n && s[i] == '=') {
            i++;
            while (i < n && is_space((unsigned char)s[i])) i++;
            if (i < n && (s[i] == '"' || s[i] == '\'')) {
                const char *close = memchr(s + i + 1, s[i], n - i - 1);
                i = close == NULL ? n : (size_t)(close - s) + 1;
            } else {
                while (i < n && !is_space((unsigned char)s[i]) && s[i] != '>') i++;
            }
        }
    }
    return n;
}

/* Elements whose content the tokenizer reads as text up to their end tag (WHATWG HTML 13.2.6:
 * RAWTEXT, RCDATA, script data), and whether a browser shows it: script, style, title and the
 * fallbacks (noscript with scripting on, iframe, noembed, noframes) are not shown; xmp is
 * shown as it is, textarea with its references decoded. */
enum raw { RAW_NONE, RAW_HIDDEN, RAW_SHOWN, RAW_DECODED };
static enum raw raw_kind(const char *name) {
    static const char *const hidden[] = { "script", "style", "title", "noscript", "iframe", "noembed", "noframes", NULL };
    for (size_t i = 0; hidden[i] != NULL; i++) if (strcmp(name, hidden[i]) == 0) return RAW_HIDDEN;
    if (strcmp(name, "xmp") == 0) return RAW_SHOWN;
    if (strcmp(name, "textarea") == 0) return RAW_DECODED;
    return RAW_NONE;
}

/* Rewrites an HTML fragment as the HTML5 tokenizer reads it (WHATWG HTML 13.2.5), in a form
 * whose every reading agrees: text with '<', '>' and '&' escaped, references decoded, tags as
 * bare `<name>` and `</name>`, and nothing else. So a '<' that starts no tag (`<>`, `< b>`,
 * `<3`) is text, `</>` is nothing, `</ p>` and `<!...>` are comments (dropped), a tag the text
 * ends inside is dropped, `&` without a reference is text, `</br>` is `<br>`, and the content
 * of script, style and the like is dropped. */
static void tokenize(const char *s, size_t n, buffer *out) {
    size_t i = 0;
    while (i < n) {
        char c = s[i];
        if (c == '&') { i += reference(s + i, n - i, out, 1, 0); continue; }
        if (c != '<') { append_text_bytes(out, s + i, 1, 1); i++; continue; }
        unsigned char d = i + 1 < n ? (unsigned char)s[i + 1] : 0;
        if (i + 1 >= n) { append(out, "&lt;", 4); i++; continue; }
        if (is_alpha(d) || d == '/') {
            int end = d == '/';
            size_t first = i + 1 + (size_t)end;
            if (end && first >= n) { append(out, "&lt;/", 5); i = n; continue; }  /* eof before the name: text */
            if (end && s[first] == '>') { i = first + 1; continue; }                /* `</>`: nothing */
            if (end && !is_alpha((unsigned char)s[first])) { i = past_gt(s, n, first); continue; } /* bogus comment */
            char name[32];
            int complete;
            size_t after = read_tag(s, n, first, name, sizeof name, &complete);
            i = after;
            if (!complete || name[0] == '\0') continue;
            if (end && strcmp(name, "br") == 0) end = 0;                            /* `</br>` is `<br>` */
            enum raw raw = end ? RAW_NONE : raw_kind(name);
            if (raw != RAW_HIDDEN) {
                append(out, end ? "</" : "<", end ? 2 : 1);
                append(out, name, strlen(name));
                append(out, ">", 1);
            }
            if (strcmp(name, "plaintext") == 0 && !end) { append_text_bytes(out, s + i, n - i, 1); i = n; continue; }
            if (raw == RAW_NONE) continue;
            /* The content runs to `</name` followed by white space, '/' or '>', or to the end. */
            size_t stop = i;
            size_t m = strlen(name);
            while (stop < n) {
                const char *lt = memchr(s + stop, '<', n - stop);
                if (lt == NULL) { stop = n; break; }
                stop = (size_t)(lt - s);
                size_t k = stop + 2 + m;
                if (stop + 1 < n && s[stop + 1] == '/' && starts_with_folded(s + stop + 2, n - stop - 2, name)
                    && (k >= n || is_space((unsigned char)s[k]) || s[k] == '/' || s[k] == '>')) break;
                stop++;
            }
            if (raw == RAW_SHOWN) append_text_bytes(out, s + i, stop - i, 1);
            if (raw == RAW_DECODED) {
                for (size_t j = i; j < stop;) {
                    if (s[j] == '&') j += reference(s + j, stop - j, out, 1, 0);
                    else { append_text_bytes(out, s + j, 1, 1); j++; }
                }
            }
            i = stop;
            continue;
        }
        if (d == '!') {
            size_t p = i + 2;
            if (p + 1 < n && s[p] == '-' && s[p + 1] == '-') {
                p += 2;
                if (p < n && s[p] == '>') { i = p + 1; continue; }                 /* `<!-->` */
                if (p + 1 < n && s[p] == '-' && s[p + 1] == '>') { i = p + 2; continue; } /* `<!--->` */
                size_t q = p;
                i = n;
                while (q + 2 < n) {
                    if (s[q] == '-' && s[q + 1] == '-' && s[q + 2] == '>') { i = q + 3; break; }
                    if (q + 3 < n && s[q] == '-' && s[q + 1] == '-' && s[q + 2] == '!' && s[q + 3] == '>') { i = q + 4; break; }
                    q++;
                }
                continue;
            }
            i = past_gt(s, n, p);  /* a doctype, CDATA outside foreign content, a bogus comment */
            continue;
        }
        if (d == '?') { i = past_gt(s, n, i + 1); continue; }
        append(out, "&lt;", 4);  /* `<>`, `< b>`, `<3`: text */
        i++;
    }
}

char *dc_html_decode_references(const char *text, size_t length) {
    buffer out = {0};
    append(&out, "", 0);
    for (size_t i = 0; i < length;) {
        if (text[i] == '&') { i += reference(text + i, length - i, &out, 0, 1); continue; }
        char c = text[i++];
        if (c == '\n' || c == '\r' || c == '\t' || c == '\f' || c == '\v') c = ' ';
        if (c != '\0') append(&out, &c, 1);
    }
    if (out.failed) { free(out.data); return NULL; }
    return out.data;
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

/* Without libxml2, on the tokenizer's rewriting (bare tags, only &lt; &gt; &amp; left): markup
 * dropped by a plain scan (a tag is '<' up to the next '>'), block tags and <br> marked as the
 * parser's walk marks them, the XML entities decoded. */
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
    static const char open[] = "<div>", close[] = "</div>";
    buffer source = {0};
    append(&source, open, sizeof open - 1);
    tokenize(html, length, &source);
    append(&source, close, sizeof close - 1);
    if (!xml.ready) {
        if (!source.failed) strip_tags(source.data, source.length, &out);
        free(source.data);
        if (out.failed) { free(out.data); return NULL; }
        return out.data;
    }
    xml.set_generic_error(NULL, ignore_error);
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
