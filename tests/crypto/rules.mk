# Ed25519 (firmware/crypto/ed25519.c, sha512.c): the host tool the
# tests and the BOOT_PUBKEY build use, and the public key header.
#
#   build/tools/ed25519tool     verify KEY MSG SIG | header KEY [FILE] | hex KEY
#                               | message ... | verify-message ...
#                               (tests/tools/ed25519tool.c, ASan + UBSan)
#   $(BOOT_PUBKEY_H)            make boot-pubkey BOOT_PUBKEY=key.pub.pem:
#                               build/pubkey/boot_pubkey.h, BOOT_PUBKEY_INIT
#                               (the 32 key bytes of the PEM `openssl pkey
#                               -pubout` writes; a key that is not usable
#                               stops the build)
ED25519_SRC := firmware/crypto/ed25519.c firmware/crypto/sha512.c \
               firmware/crypto/sigmsg.c \
               firmware/crypto/sha256.c $(BASE_SRC)

$(BUILD)/tools/ed25519tool: $(call objs,$(HOSTASAN)/obj,tests/tools/ed25519tool.c $(ED25519_SRC))
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  LD      $@")
	$(Q)$(CC) $(HOST_CFLAGS) $(ASAN) -o $@ $^

unit: $(BUILD)/tools/ed25519tool

BOOT_PUBKEY ?=
BOOT_PUBKEY_H := $(BUILD)/pubkey/boot_pubkey.h
.PHONY: boot-pubkey FORCE_PUBKEY
boot-pubkey: $(BOOT_PUBKEY_H)
# Rewritten only when its bytes change (another key, or another path), so
# what includes it rebuilds only then.
$(BOOT_PUBKEY_H): $(BUILD)/tools/ed25519tool FORCE_PUBKEY
	@test -n "$(BOOT_PUBKEY)" || { echo "BOOT_PUBKEY=key.pub.pem is needed" >&2; exit 2; }
	@mkdir -p $(dir $@)
	$(Q)$(BUILD)/tools/ed25519tool header $(BOOT_PUBKEY) $@.tmp
	@cmp -s $@.tmp $@ && rm -f $@.tmp || mv $@.tmp $@
