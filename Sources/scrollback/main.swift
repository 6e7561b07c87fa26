import CJemalloc
import Foundation
import ScrollbackCLI

// jemalloc is the process's malloc (linked in, ahead of the C library's): a rendering makes and
// frees millions of small values, many on another thread than made them, where glibc's
// allocator is about a tenth slower. Asking it for its version keeps the link.
var version: UnsafePointer<CChar>?
var size = MemoryLayout<UnsafePointer<CChar>?>.size
_ = mallctl("version", &version, &size, nil, 0)

exit(ScrollbackTool.system().run(Array(CommandLine.arguments.dropFirst())))
