/* DEFLATE (RFC 1951) and the gzip member around it (RFC 1952), inflated
 * into one buffer the caller gives: the output is the history window (no
 * window of its own), nothing past its capacity is ever written, whatever
 * the stream says. No heap, no recursion: the state is struct inflate,
 * the caller's; the compressed bytes come in chunks from the caller's
 * read callback as they are read from the card. */
#ifndef EXTLOAD_INFLATE_H
#define EXTLOAD_INFLATE_H

#include <stdint.h>

/* A gzip member's first two bytes (RFC 1952 2.3.1, ID1 ID2). */
#define GZIP_ID1 0x1Fu
#define GZIP_ID2 0x8Bu

#define INFLATE_ERRORS(X) \
    X(INFLATE_OK,          0, "success") \
    X(INFLATE_EREAD,      -1, "the compressed file could not be read") \
    X(INFLATE_ETRUNC,     -2, "the stream ends before its last block's end") \
    X(INFLATE_EFULL,      -3, "the inflated bytes are larger than their room") \
    X(INFLATE_EDIST,      -4, "a back-reference points before the output's start") \
    X(INFLATE_EOVERSUB,   -5, "a Huffman code is over-subscribed") \
    X(INFLATE_EINCOMPLETE, -6, "a Huffman code is incomplete") \
    X(INFLATE_ELENS,      -7, "a dynamic block's code lengths are bad") \
    X(INFLATE_ESYMBOL,    -8, "a length or distance symbol is reserved (286-287, 30-31)") \
    X(INFLATE_ESTORED,    -9, "a stored block's LEN and NLEN disagree") \
    X(INFLATE_EBTYPE,    -10, "a block of the reserved type 3") \
    X(INFLATE_EMAGIC,    -11, "not a gzip member (magic 1f 8b)") \
    X(INFLATE_EMETHOD,   -12, "gzip compression method is not 8 (deflate)") \
    X(INFLATE_EFLAGS,    -13, "gzip header sets reserved flag bits") \
    X(INFLATE_EHCRC,     -14, "gzip header CRC16 does not match") \
    X(INFLATE_ECRC,      -15, "gzip trailer's CRC-32 is not the inflated bytes'") \
    X(INFLATE_EISIZE,    -16, "gzip trailer's ISIZE is not the inflated size") \
    X(INFLATE_ETRAILING, -17, "bytes follow the gzip member")

enum inflate_err {
#define INFLATE_ERR_ENUM(name, value, text) name = value,
    INFLATE_ERRORS(INFLATE_ERR_ENUM)
#undef INFLATE_ERR_ENUM
};

const char *inflate_strerror(int err);

/* The next chunk of compressed bytes: *buf set, its length returned; 0
 * at the stream's end; < 0 on a read error (kept in read_err, and the
 * decoder returns INFLATE_EREAD). */
typedef int32_t (*inflate_read_fn)(void *ctx, const uint8_t **buf);

/* A canonical Huffman code (RFC 1951 3.2.2), decoded through a table
 * indexed by the next INFLATE_FAST_BITS bits of the stream. An entry
 * holds the code's length (bits 0-3; 0: no code of that many bits), the
 * symbol's extra bits (4-7), what it is (8-11: literal, length or
 * distance, end of block, reserved, or a longer code) and its value
 * (16-31: the byte, the base length or distance; for a longer code its
 * first INFLATE_FAST_BITS bits, from which the canonical order (count,
 * sym, and the first code and symbol index past that length) finds the
 * rest bit by bit). */
#define INFLATE_MAXBITS 15u
#define INFLATE_FAST_BITS 9u
struct inflate_huff {
    uint16_t count[INFLATE_MAXBITS + 1u];
    uint16_t sym[288];
    uint32_t fast[1u << INFLATE_FAST_BITS];
    uint16_t long_first, long_index;
    uint32_t what;                  /* literal/length, distance, lengths */
};

/* The bit buffer: a machine word, refilled a word at a time. */
typedef uintptr_t inflate_bits_t;

struct inflate {
    uint8_t *out;                   /* the room: output and history */
    uint32_t cap;                   /* never written at or past */
    uint32_t len;                   /* inflated so far */
    inflate_read_fn read;
    void *ctx;
    int32_t read_err;               /* the callback's, with INFLATE_EREAD */
    const uint8_t *chunk;           /* the chunk being read ... */
    uint32_t pos, end;              /* ... at pos of its end bytes */
    uint32_t stop;                  /* a whole word loads from pos < stop */
    inflate_bits_t bits;            /* bit buffer, LSB first */
    uint32_t nbits;                 /* bits of it taken from the input */
    uint32_t eof;                   /* the callback said the end (or failed) */
    int err;                        /* sticky: the first failure */
    uint32_t in_done;               /* bytes of the chunks before this one */
    uint32_t in_total;              /* compressed bytes taken, on return */
    uint32_t crc;                   /* gzip header's running CRC-32 */
    uint8_t lens[288u + 32u];       /* a block's code lengths */
    struct inflate_huff lit;
    struct inflate_huff dist;       /* also the code length code */
};

/* The decoder set to inflate into out[0 .. cap). */
void inflate_init(struct inflate *z, uint8_t *out, uint32_t cap,
                  inflate_read_fn read, void *ctx);
/* A raw DEFLATE stream to its final block's end: 0, or an INFLATE_E*
 * (z->len bytes were written, never more than cap). */
int inflate_raw(struct inflate *z);
/* A gzip member: header (FEXTRA, FNAME, FCOMMENT, FHCRC), the DEFLATE
 * stream, the trailer's CRC-32 and ISIZE checked against what was
 * inflated, and no byte after it. */
int inflate_gzip(struct inflate *z);

/* RFC 1952's ISIZE (the last 4 bytes of a member): a hint for where the
 * output goes, never its bound. */
static inline uint32_t inflate_gzip_isize(const uint8_t tail[4])
{
    return (uint32_t)tail[0] | (uint32_t)tail[1] << 8 |
           (uint32_t)tail[2] << 16 | (uint32_t)tail[3] << 24;
}

#endif
