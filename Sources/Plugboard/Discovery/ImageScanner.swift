internal import CPlugboard
internal import FoundationEssentials
internal import Glibc

/// A type that conforms to a protocol, found in an image's conformance records.
struct FoundConformance {
    /// The type's name as written in source.
    let typeName: String
    /// The type metadata and witness table, or `nil` when the type was skipped.
    let witness: (metadata: UnsafeRawPointer, witnessTable: UnsafeRawPointer)?
    /// Why the type was skipped.
    let skipReason: String?
}

/// Reads the Swift metadata sections the runtime registered for each loaded image.
enum ImageScanner {
    /// Every image with Swift metadata loaded in the process, in load order.
    static func loadedImages() -> [PBImage] {
        final class Collected { var images: [PBImage] = [] }
        let collected = Collected()
        withExtendedLifetime(collected) {
            pb_enumerate_images(
                { image, context in
                    Unmanaged<Collected>.fromOpaque(context!).takeUnretainedValue().images.append(image.pointee)
                    return true
                },
                Unmanaged.passUnretained(collected).toOpaque()
            )
        }
        return collected.images
    }

    /// The image `dlopen` returned `handle` for, or `nil` if it has no Swift metadata.
    ///
    /// The link map's load address usually identifies the image at once; only otherwise is the
    /// dynamic loader asked which object holds each image's header, newest first.
    static func image(openedAs handle: UnsafeMutableRawPointer) -> PBImage? {
        var image = PBImage()
        if let base = pb_load_address(handle), pb_find_image(base, &image) {
            return image
        }
        return loadedImages().last { image in
            image.baseAddress.map { pb_image_belongs_to_handle($0, handle) } ?? false
        }
    }

    /// Whether the runtime's section layout for `image` is one this code can read.
    static func canRead(_ image: PBImage) -> Bool {
        image.conformances != nil
    }

    /// The file an image was loaded from.
    static func path(of image: PBImage) -> String {
        if let base = image.baseAddress, let path = pb_image_path_for_address(base) {
            let name = String(cString: path)
            if !name.isEmpty { return name }
        }
        return (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? "<main program>"
    }

    /// Every type in `image` that conforms to the protocol `descriptor`, without duplicates.
    static func conformances(in image: PBImage, to descriptor: UnsafeRawPointer) -> [FoundConformance] {
        final class Collected { var found: [FoundConformance] = [] }
        let collected = Collected()
        withUnsafePointer(to: image) { image in
            withExtendedLifetime(collected) {
                pb_visit_conformances(
                    image,
                    descriptor,
                    { conformance, context in
                        let entry = conformance.pointee
                        let witness = entry.metadata.flatMap { metadata in
                            entry.witnessTable.map { (metadata: metadata, witnessTable: $0) }
                        }
                        Unmanaged<Collected>.fromOpaque(context!).takeUnretainedValue().found.append(
                            FoundConformance(
                                typeName: String(cString: entry.typeName),
                                witness: witness,
                                skipReason: entry.skipReason.map { String(cString: $0) }
                            )
                        )
                    },
                    Unmanaged.passUnretained(collected).toOpaque()
                )
            }
        }
        // An image declares a few modules; a list needs no hashed storage, whose first use in a
        // process with many images loaded costs a scan of all their conformance records.
        var seen: [UnsafeRawPointer] = []
        return collected.found.filter { found in
            guard let metadata = found.witness?.metadata else { return true }
            guard !seen.contains(metadata) else { return false }
            seen.append(metadata)
            return true
        }
    }
}
