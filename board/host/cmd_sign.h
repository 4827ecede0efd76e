/* `extload message`, `extload sign` and `extload verify`: a label's
 * Ed25519 signature (firmware/README.md, "Signed labels") on a disk
 * image, through the board's own label flow (boot_open, boot_label_load,
 * boot_label_message, boot_label_verify) with the load window and tail
 * of a BOOT_PUBKEY build of board NAME:
 *
 *   extload message IMAGE|DIR LABEL [--board NAME]
 *       the exact bytes LABEL's signature signs, on stdout (for
 *       `openssl pkeyutl -sign -rawin`); DIR: the tree the card will be
 *       made from, by the same rules over host files
 *   extload sign KEY.pem IMAGE|DIR LABEL -o SIGFILE [--board NAME]
 *       the signature itself (64 bytes), made here: the same bytes
 *       OpenSSL makes from KEY.pem (`openssl genpkey -algorithm ed25519`)
 *   extload verify --key PUB.pem[,PUB2.pem...] IMAGE LABEL...
 *                  [--board NAME] [--floor N | --otp OTP.img]
 *       each LABEL loaded and its SIGNATURE checked as the board checks
 *       it: "label 'NAME': verified" (with several keys "... verified
 *       with key K, rollback index N") or "label 'NAME': refused: STEP:
 *       WHAT: WHY" (the board's console line) per label on stdout; with
 *       a rollback floor fixed at N, or read from sifive-u's fuses in
 *       OTP.img (firmware/README.md, "Rollback")
 *
 * Exit 0 when every label verified (message, sign: when the label's
 * files loaded), 1 otherwise (a failure on stderr, "extload: ..."), 2 on
 * a usage error. */
#ifndef EXTLOAD_HOST_CMD_SIGN_H
#define EXTLOAD_HOST_CMD_SIGN_H

extern const char host_sign_usage[];

/* argv[0] is "message", "sign" or "verify". */
int host_cmd_sign(int argc, char **argv);

#endif
