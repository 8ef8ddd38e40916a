#include "CPlugboard.h"

#include <string.h>

extern const void *swift_getTypeContextDescriptor(const void *metadata) __attribute__((swiftcall));

// The head of every context descriptor (Swift ABI, TargetContextDescriptor), with the name that
// module and type descriptors store next.
typedef struct {
  uint32_t flags;
  int32_t parent;
  int32_t name;
} PBNamedContext;

enum {
  PBKindMask = 0x1F,
  PBKindModule = 0,
  PBKindClass = 16,
  PBKindEnum = 18,
  PBGeneric = 0x80,
  PBHasImportInfo = 1u << (16 + 2),
  PBMaxDepth = 16,
};

static const void *pb_relative_pointer(const int32_t *field, bool indirectable) {
  int32_t offset = *field;
  if (offset == 0) return NULL;
  if (!indirectable) return (const char *)field + offset;
  const char *target = (const char *)field + (offset & ~1);
  return (offset & 1) ? *(const void *const *)target : target;
}

// Whether `name` is a plain identifier, which the runtime's demangled name spells as it is.
static bool pb_plain_identifier(const char *name) {
  if (name == NULL || *name == '\0') return false;
  for (const char *c = name; *c; c++) {
    bool letter = (*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || *c == '_';
    bool digit = *c >= '0' && *c <= '9';
    if (!letter && !(digit && c != name)) return false;
  }
  return true;
}

long pb_qualified_type_name(const void *metadata, char *buffer, size_t size) {
  const char *names[PBMaxDepth];
  int depth = 0;
  const PBNamedContext *context = swift_getTypeContextDescriptor(metadata);
  while (context != NULL) {
    unsigned kind = context->flags & PBKindMask;
    bool nominal = kind >= PBKindClass && kind <= PBKindEnum;
    if (kind != PBKindModule && !nominal) return -1;
    if (nominal && (context->flags & (PBGeneric | PBHasImportInfo))) return -1;
    if (depth == PBMaxDepth) return -1;
    const char *name = pb_relative_pointer(&context->name, false);
    if (!pb_plain_identifier(name)) return -1;
    names[depth++] = name;
    if (kind == PBKindModule) break;
    context = pb_relative_pointer(&context->parent, true);
  }
  if (context == NULL || depth < 2) return -1;
  size_t length = 0;
  for (int index = depth - 1; index >= 0; index--) {
    size_t part = strlen(names[index]);
    if (length + part + 1 > size) return -1;
    memcpy(buffer + length, names[index], part);
    length += part;
    if (index > 0) buffer[length++] = '.';
  }
  return (long)length;
}
