/* Test files for the QEMU boots.
 *
 *   mkkernel IN OUT SIZE   copy the payload image IN to OUT, padded to SIZE
 *                          bytes with payload_pad_byte(), which the payload
 *                          checks after loading
 *   mkkernel --fdt OUT MODEL
 *                          a minimal flattened device tree (v17): a root
 *                          node with a "model" property
 *   mkkernel --stream OUT SIZE HOLE
 *                          SIZE bytes of payload_pad_byte(); with HOLE=1
 *                          every fourth KiB is zeros, which mke2fs leaves
 *                          unallocated: one extent per 3 KiB
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tests/qemu/payload/pad.h"

static void put_be32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 24);
    p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
}

static int write_fdt(const char *out_path, const char *model)
{
    uint8_t b[1024] = { 0 };
    uint32_t model_len = (uint32_t)strlen(model) + 1;
    uint32_t off_struct = 40 + 16, p = off_struct;

    if (model_len > 512)
        return 2;
    put_be32(b + p, 1);                   /* FDT_BEGIN_NODE, name "" */
    p += 8;
    put_be32(b + p, 3);                   /* FDT_PROP */
    put_be32(b + p + 4, model_len);
    put_be32(b + p + 8, 0);               /* name offset: "model" */
    memcpy(b + p + 12, model, model_len);
    p += 12 + ((model_len + 3) & ~3u);
    put_be32(b + p, 2);                   /* FDT_END_NODE */
    put_be32(b + p + 4, 9);               /* FDT_END */
    p += 8;
    uint32_t off_strings = p;
    memcpy(b + p, "model", 6);
    p += 6;
    uint32_t total = (p + 7) & ~7u;
    put_be32(b, 0xD00DFEEDu);
    put_be32(b + 4, total);
    put_be32(b + 8, off_struct);
    put_be32(b + 12, off_strings);
    put_be32(b + 16, 40);                 /* memory reservation map */
    put_be32(b + 20, 17);
    put_be32(b + 24, 16);
    put_be32(b + 32, 6);                  /* size_dt_strings */
    put_be32(b + 36, off_strings - off_struct);
    FILE *f = fopen(out_path, "wb");
    if (!f || fwrite(b, 1, total, f) != total || fclose(f)) {
        perror("mkkernel");
        return 1;
    }
    return 0;
}

static int write_stream(const char *out_path, unsigned long size, int holes)
{
    FILE *f = fopen(out_path, "wb");

    if (!f) {
        perror("mkkernel");
        return 1;
    }
    for (unsigned long off = 0; off < size; off++)
        putc(holes && (off >> 10) % 4 == 3 ? 0
                                           : payload_pad_byte((uint32_t)off),
             f);
    return fclose(f) ? 1 : 0;
}

int main(int argc, char **argv)
{
    if (argc == 4 && strcmp(argv[1], "--fdt") == 0)
        return write_fdt(argv[2], argv[3]);
    if (argc == 5 && strcmp(argv[1], "--stream") == 0)
        return write_stream(argv[2], strtoul(argv[3], NULL, 0),
                            atoi(argv[4]));
    if (argc != 4) {
        fprintf(stderr, "usage: mkkernel IN OUT SIZE | --fdt OUT MODEL | "
                "--stream OUT SIZE HOLE\n");
        return 2;
    }
    FILE *in = fopen(argv[1], "rb"), *out = fopen(argv[2], "wb");
    if (!in || !out) {
        perror("mkkernel");
        return 1;
    }
    unsigned long size = strtoul(argv[3], NULL, 0), off = 0;
    int c;
    while ((c = getc(in)) != EOF) {
        putc(c, out);
        off++;
    }
    for (; off < size; off++)
        putc(payload_pad_byte((uint32_t)off), out);
    fclose(in);
    return fclose(out) ? 1 : 0;
}
