/* SD and MMC cards in SPI mode: every command, token, response bit,
 * register field and timing drivers/sdspi.c uses, named once.
 *
 * SD Physical Layer Simplified Specification (chapter 4.7 commands, 5.1
 * OCR, 5.2 CID, 5.3 CSD, 7.3 SPI tokens and responses, 7.5 SPI timing);
 * MMC per JEDEC JESD84 where it differs. Register fields are given as the
 * spec's bit ranges [msb:lsb] of the 128-bit CSD/CID, read with
 * sdspi_reg_bits(reg, LSB, WIDTH).
 */
#ifndef EXTLOAD_SD_SPEC_H
#define EXTLOAD_SD_SPEC_H

/* ---- commands (4.7.4; SPI subset, 7.3.1.3) ---------------------------- */
#define SD_GO_IDLE_STATE         0u   /* CMD0: reset, enter SPI mode    R1 */
#define SD_SEND_OP_COND          1u   /* CMD1: MMC init                 R1 */
#define SD_SEND_IF_COND          8u   /* CMD8: voltage + check pattern  R7 */
#define SD_SEND_CSD              9u   /* CMD9: CSD as a 16-byte block   R1 */
#define SD_SEND_CID             10u   /* CMD10: CID as a 16-byte block  R1 */
#define SD_STOP_TRANSMISSION    12u   /* CMD12: end a CMD18 run         R1b */
#define SD_SEND_STATUS          13u   /* CMD13                          R2 */
#define SD_SET_BLOCKLEN         16u   /* CMD16: block length (SDSC)     R1 */
#define SD_READ_SINGLE_BLOCK    17u   /* CMD17                          R1 */
#define SD_READ_MULTIPLE_BLOCK  18u   /* CMD18: until CMD12             R1 */
#define SD_APP_CMD              55u   /* CMD55: next is an ACMD         R1 */
#define SD_READ_OCR             58u   /* CMD58                          R3 */
#define SD_CRC_ON_OFF           59u   /* CMD59: arg bit 0 = CRC on      R1 */
#define SD_APP_SEND_OP_COND     41u   /* ACMD41: SD init                R1 */

/* Command frame (7.3.1.1): 0b01 + index, 32-bit argument, CRC7 + end bit. */
#define SD_CMD_FRAME_LEN         6u
#define SD_CMD_START          0x40u   /* start bit 0, transmission bit 1 */
#define SD_CMD_CRC_BYTE          5u   /* CRC7 of bytes 0..4, then end bit */
#define SD_CMD_END            0x01u   /* end bit after the CRC7 */

/* Arguments. */
#define SD_IF_COND_VHS_27_36  0x100u  /* CMD8 [11:8]: 2.7-3.6 V */
#define SD_IF_COND_PATTERN    0xAAu   /* CMD8 [7:0]: echoed back */
#define SD_ACMD41_HCS   (1u << 30)    /* host takes SDHC/SDXC */
#define SD_CRC_ON             0x01u   /* CMD59 argument */

/* ---- R1 (7.3.2.1): one byte, bit 7 always 0 -------------------------- */
#define SD_R1_IDLE            0x01u   /* in idle state (initialising) */
#define SD_R1_ERASE_RESET     0x02u
#define SD_R1_ILLEGAL_CMD     0x04u
#define SD_R1_CRC_ERR         0x08u
#define SD_R1_ERASE_SEQ_ERR   0x10u
#define SD_R1_ADDRESS_ERR     0x20u
#define SD_R1_PARAM_ERR       0x40u
#define SD_R1_START           0x80u   /* set: not a response (bus idle) */

/* R2 (7.3.2.3): R1 then a second status byte. R3 (CMD58) and R7 (CMD8):
 * R1 then four bytes, MSB first. */
#define SD_R2_LEN                2u
#define SD_R3_R7_TAIL            4u
/* R7 bytes after R1: [2] bits 3:0 voltage accepted, [3] the pattern. */
#define SD_R7_VOLTAGE_BYTE       2u
#define SD_R7_VOLTAGE_MASK    0x0Fu
#define SD_R7_VOLTAGE_27_36   0x01u
#define SD_R7_PATTERN_BYTE       3u

/* OCR (5.1), as the first byte of R3's tail (bits 31:24). */
#define SD_OCR_BUSY_BYTE      0x80u   /* bit 31: power-up done */
#define SD_OCR_CCS_BYTE       0x40u   /* bit 30: card capacity status */

/* ---- tokens (7.3.3) --------------------------------------------------- */
#define SD_TOKEN_START_BLOCK  0xFEu   /* before each read block (CMD17/18) */
/* Anything else but 0xFF where a start token belongs is a data error
 * token: 0b000x_xxxx (error, CC error, ECC failed, out of range). */
#define SD_TOKEN_ERR_MASK     0xE0u
#define SD_BUS_IDLE           0xFFu   /* DO high: nothing to say */
#define SD_BUS_BUSY           0x00u   /* DO held low: busy (R1b) */
#define SD_CRC16_LEN             2u   /* after each data block */

/* ---- timing (7.5.4, 4.6.2) -------------------------------------------- */
#define SD_NCR_MIN               1u   /* bytes from command to response */
#define SD_NCR_MAX               8u
/* CMD12 cuts a block short: the byte right after it is a stuff byte,
 * then Ncr as for any command (7.5.2.2). */
#define SD_STOP_STUFF            1u
#define SD_NRC_MIN               1u   /* bytes from a response to the next command */
#define SD_INIT_CLOCKS          74u   /* >= 74 clocks with CS high (6.4.1.1) */
#define SD_INIT_HZ          400000u   /* until ACMD41/CMD1 ends idle */
#define SD_READ_TIMEOUT_MS     100u   /* Nac upper bound, any card (4.6.2.1) */
#define SD_BUSY_TIMEOUT_MS     250u   /* R1b busy we wait out */
#define SD_INIT_TIMEOUT_MS    1000u   /* ACMD41 until ready (4.2.3) */
#define SD_DEFAULT_HZ     25000000u   /* default speed, SD */
#define MMC_DEFAULT_HZ    20000000u   /* MMC v3 */
#define SD_SECTOR              512u

/* ---- CSD (5.3), [msb:lsb] given as LSB and WIDTH ---------------------- */
#define SD_REG_LEN              16u   /* CSD and CID: 128 bits, MSB first */
#define SD_CSD_STRUCTURE_LSB   126u   /* [127:126] 0: v1, 1: v2 (SDHC) */
#define SD_CSD_STRUCTURE_BITS    2u
#define SD_CSD_V1                0u
#define SD_CSD_V2                1u
#define SD_CSD_TAAC_LSB        112u   /* [119:112] read access time */
#define SD_CSD_TAAC_BITS         8u
#define SD_CSD_NSAC_LSB        104u   /* [111:104] ... in 100-clock units */
#define SD_CSD_NSAC_BITS         8u
#define SD_CSD_TRAN_SPEED_LSB   96u   /* [103:96] */
#define SD_CSD_TRAN_SPEED_BITS   8u
#define SD_CSD_READ_BL_LEN_LSB  80u   /* [83:80] log2 of the block */
#define SD_CSD_READ_BL_LEN_BITS  4u
#define SD_CSD_READ_BL_LEN_MIN   9u
#define SD_CSD_READ_BL_LEN_MAX  11u
/* CSD v1 (SDSC, SD 1.x, MMC): blocks = (C_SIZE + 1) << (C_SIZE_MULT + 2). */
#define SD_CSD1_C_SIZE_LSB      62u   /* [73:62] */
#define SD_CSD1_C_SIZE_BITS     12u
#define SD_CSD1_C_SIZE_MULT_LSB 47u   /* [49:47] */
#define SD_CSD1_C_SIZE_MULT_BITS 3u
/* CSD v2 (SDHC/SDXC): (C_SIZE + 1) units of 512 KiB. */
#define SD_CSD2_C_SIZE_LSB      48u   /* [69:48] */
#define SD_CSD2_C_SIZE_BITS     22u
#define SD_CSD2_C_SIZE_LIMIT 0x3FFFFFu  /* 2^32 sectors: past 32-bit LBAs */
#define SD_CSD2_UNIT_SHIFT      10u   /* sectors per C_SIZE unit: 1024 */

/* ---- CID (5.2; MMC per JESD84) ---------------------------------------- */
#define SD_CID_MID_BYTE          0u   /* [127:120] manufacturer */
#define SD_CID_OID_BYTE          1u   /* [119:104] two ASCII chars */
#define MMC_CID_OID_BYTE         2u   /* [111:104] one binary byte */
#define SD_CID_PNM_BYTE          3u   /* [103:64] 5 chars; MMC [103:56] 6 */
#define SD_CID_PNM_LEN           5u
#define MMC_CID_PNM_LEN          6u
#define SD_CID_PRV_LSB          56u   /* [63:56] BCD n.m */
#define MMC_CID_PRV_LSB         48u   /* [55:48] */
#define SD_CID_PSN_LSB          24u   /* [55:24] serial */
#define MMC_CID_PSN_LSB         16u   /* [47:16] */
#define SD_CID_PRV_BITS          8u
#define SD_CID_PSN_BITS         32u

#endif
