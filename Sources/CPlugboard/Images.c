#define _GNU_SOURCE
#include "CPlugboard.h"

#include <dlfcn.h>
#include <link.h>
#include <string.h>

// The Swift runtime's `MetadataSections` (shims/MetadataSections.h), up to the fields read here.
typedef struct {
  uintptr_t start;
  size_t length;
} PBSectionRange;

typedef struct {
  uintptr_t version;
  const void *baseAddress;
  void *unused0;
  void *unused1;
  PBSectionRange protocols;
  PBSectionRange protocolConformances;
} PBMetadataSections;

extern void swift_enumerateAllMetadataSections(
    bool (*body)(const PBMetadataSections *sections, void *context), void *context);

extern const void *swift_getWitnessTable(const void *conformance, const void *type,
                                         const void *const *instantiationArgs);

extern const char pb_module_protocol_descriptor __asm__("$s9Plugboard6ModuleMp");
extern const char pb_plugin_protocol_descriptor __asm__("$s9Plugboard6PluginMp");

const void *pb_module_protocol(void) { return &pb_module_protocol_descriptor; }
const void *pb_plugin_protocol(void) { return &pb_plugin_protocol_descriptor; }

typedef struct {
  PBImageVisitor visitor;
  void *context;
} PBEnumeration;

static PBImage pb_image(const PBMetadataSections *sections) {
  PBImage image = {
      .version = sections->version,
      .baseAddress = sections->baseAddress,
      .conformances = NULL,
      .conformancesLength = 0,
  };
  if (sections->version >= PB_KNOWN_SECTIONS_VERSION_MIN &&
      sections->version <= PB_KNOWN_SECTIONS_VERSION_MAX) {
    image.conformances = (const void *)sections->protocolConformances.start;
    image.conformancesLength = sections->protocolConformances.length;
  }
  return image;
}

static bool pb_visit_sections(const PBMetadataSections *sections, void *raw) {
  PBEnumeration *enumeration = raw;
  PBImage image = pb_image(sections);
  return enumeration->visitor(&image, enumeration->context);
}

void pb_enumerate_images(PBImageVisitor visitor, void *context) {
  PBEnumeration enumeration = {visitor, context};
  swift_enumerateAllMetadataSections(pb_visit_sections, &enumeration);
}

typedef struct {
  const void *baseAddress;
  PBImage *image;
  bool found;
} PBSearch;

static bool pb_match_sections(const PBMetadataSections *sections, void *raw) {
  PBSearch *search = raw;
  if (sections->baseAddress != search->baseAddress) return true;
  *search->image = pb_image(sections);
  search->found = true;
  return false;
}

bool pb_find_image(const void *baseAddress, PBImage *image) {
  PBSearch search = {baseAddress, image, false};
  swift_enumerateAllMetadataSections(pb_match_sections, &search);
  return search.found;
}

// Resolves a 32-bit relative pointer stored at `field`.
static const void *pb_relative(const int32_t *field) {
  int32_t offset = *field;
  if (offset == 0) return NULL;
  return (const char *)field + offset;
}

// Resolves a relative pointer whose low bit marks an indirection through a pointer slot.
static const void *pb_relative_indirectable(const int32_t *field) {
  int32_t offset = *field;
  if (offset == 0) return NULL;
  const char *target = (const char *)field + (offset & ~1);
  if (offset & 1) return *(const void *const *)target;
  return target;
}

// Layout of a protocol conformance descriptor (Swift ABI, TargetProtocolConformanceDescriptor).
typedef struct {
  int32_t protocol;
  int32_t typeReference;
  int32_t witnessTablePattern;
  uint32_t flags;
} PBConformanceDescriptor;

// Layout of the head of a type context descriptor (TargetTypeContextDescriptor).
typedef struct {
  uint32_t flags;
  int32_t parent;
  int32_t name;
  int32_t accessFunction;
} PBTypeDescriptor;

typedef struct {
  const void *metadata;
  uintptr_t state;
} PBMetadataResponse;

typedef PBMetadataResponse (*PBMetadataAccessor)(uintptr_t request) __attribute__((swiftcall));

enum {
  PBTypeReferenceKindShift = 3,
  PBTypeReferenceKindMask = 0x7,
  PBTypeReferenceDirect = 0,
  PBTypeReferenceIndirect = 1,
  PBConditionalRequirementsShift = 8,
  PBConditionalRequirementsMask = 0xFF,
  PBHasGlobalActorIsolation = 1u << 19,
  PBContextKindMask = 0x1F,
  PBContextKindClass = 16,
  PBContextKindStruct = 17,
  PBContextKindEnum = 18,
  PBContextIsGeneric = 0x80,
};

static void pb_visit_record(const int32_t *record, const void *protocolDescriptor,
                            PBConformanceVisitor visitor, void *context) {
  const PBConformanceDescriptor *descriptor = pb_relative(record);
  if (descriptor == NULL) return;
  if (pb_relative_indirectable(&descriptor->protocol) != protocolDescriptor) return;

  unsigned referenceKind =
      (descriptor->flags >> PBTypeReferenceKindShift) & PBTypeReferenceKindMask;
  const PBTypeDescriptor *type = NULL;
  if (referenceKind == PBTypeReferenceDirect) {
    type = pb_relative(&descriptor->typeReference);
  } else if (referenceKind == PBTypeReferenceIndirect) {
    const void *const *slot = pb_relative(&descriptor->typeReference);
    type = slot ? *slot : NULL;
  }
  if (type == NULL) return;

  PBConformance found = {NULL, NULL, "<unnamed>", NULL};
  const char *name = pb_relative(&type->name);
  if (name != NULL) found.typeName = name;

  unsigned kind = type->flags & PBContextKindMask;
  unsigned conditional =
      (descriptor->flags >> PBConditionalRequirementsShift) & PBConditionalRequirementsMask;
  if (kind != PBContextKindClass && kind != PBContextKindStruct && kind != PBContextKindEnum) {
    found.skipReason = "not a nominal type";
  } else if (type->flags & PBContextIsGeneric) {
    found.skipReason = "generic types cannot be instantiated without arguments";
  } else if (conditional != 0) {
    found.skipReason = "conditional conformances are not supported";
  } else if (descriptor->flags & PBHasGlobalActorIsolation) {
    found.skipReason = "global-actor-isolated conformances are not supported";
  } else {
    PBMetadataAccessor accessor = (PBMetadataAccessor)pb_relative(&type->accessFunction);
    if (accessor == NULL) {
      found.skipReason = "the type has no metadata accessor";
    } else {
      found.metadata = accessor(0).metadata;
      found.witnessTable = swift_getWitnessTable(descriptor, found.metadata, NULL);
      if (found.witnessTable == NULL) {
        found.metadata = NULL;
        found.skipReason = "the runtime returned no witness table";
      }
    }
  }
  visitor(&found, context);
}

void pb_visit_conformances(const PBImage *image, const void *protocolDescriptor,
                           PBConformanceVisitor visitor, void *context) {
  const int32_t *records = image->conformances;
  size_t count = image->conformancesLength / sizeof(int32_t);
  for (size_t index = 0; records != NULL && index < count; index++) {
    pb_visit_record(&records[index], protocolDescriptor, visitor, context);
  }
}

const void *pb_load_address(void *handle) {
  struct link_map *map = NULL;
  if (dlinfo(handle, RTLD_DI_LINKMAP, &map) != 0 || map == NULL) return NULL;
  return (const void *)map->l_addr;
}

bool pb_image_belongs_to_handle(const void *baseAddress, void *handle) {
  struct link_map *opened = NULL;
  if (dlinfo(handle, RTLD_DI_LINKMAP, &opened) != 0 || opened == NULL) return false;
  Dl_info info;
  struct link_map *containing = NULL;
  if (dladdr1(baseAddress, &info, (void **)&containing, RTLD_DL_LINKMAP) == 0) return false;
  return containing == opened;
}

const char *pb_image_path_for_address(const void *address) {
  Dl_info info;
  if (dladdr(address, &info) == 0) return NULL;
  return info.dli_fname;
}
