/* The two CRCs of SD/MMC SPI mode (SD Physical Layer spec 4.5), table-free. */
#include <stdint.h>

#include "drivers/sdspi.h"

/* x^7 + x^3 + 1, MSB first. The register is kept in the top seven bits
 * of a byte, so the polynomial is shifted up by one. */
uint8_t sdspi_crc7(const uint8_t *p, uint32_t n)
{
    uint8_t crc = 0;

    while (n--) {
        crc ^= *p++;
        for (int i = 0; i < 8; i++)
            crc = (uint8_t)(crc & 0x80 ? (crc << 1) ^ 0x12 : crc << 1);
    }
    return crc >> 1;
}

/* x^16 + x^12 + x^5 + 1, MSB first, one byte per step: the eight bit
 * steps of the division folded into shifts of the register itself. */
uint16_t sdspi_crc16(uint16_t crc, const uint8_t *p, uint32_t n)
{
    while (n--) {
        crc = (uint16_t)(crc >> 8 | crc << 8);
        crc ^= *p++;
        crc ^= (uint8_t)crc >> 4;
        crc ^= (uint16_t)(crc << 12);
        crc ^= (uint16_t)((crc & 0xFF) << 5);
    }
    return crc;
}
