import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A small HTTP/1.1 server on 127.0.0.1 for the `--media-dir` tests: each route answers one way
/// (a file, a slow trickle, a huge body with or without a length, a status, a redirect), and
/// every request is counted, so a test can tell that a re-run asked for nothing. One thread per
/// connection; every response closes its connection.
final class LocalHTTPServer: @unchecked Sendable {
    enum Route {
        /// 200 with this type and body.
        case file(type: String, body: [UInt8])
        /// 200 with a length of `bytes`, then one byte every 200 ms.
        case slow(bytes: Int)
        /// 200 announcing `bytes` in its Content-Length (over any small limit), then a little data.
        case declaredHuge(bytes: Int)
        /// 200 with no Content-Length, then `bytes` until the client hangs up.
        case undeclaredHuge(bytes: Int)
        /// An error status with a short HTML body.
        case status(Int)
        /// 302 to `location`; `{base}` in it becomes the server's own `http://127.0.0.1:port`.
        case redirect(String)
    }

    let port: UInt16
    var base: String { "http://127.0.0.1:\(port)" }
    private let listener: Int32
    private let routes: [String: Route]
    private let lock = NSLock()
    private var counts: [String: Int] = [:]

    init(routes: [String: Route]) throws {
        self.routes = routes
        // The downloader honours proxy variables, as curl does; a machine that sets one must
        // still reach this server directly.
        for name in ["no_proxy", "NO_PROXY"] { setenv(name, "127.0.0.1,localhost", 1) }
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw POSIXError(.EIO) }
        var yes: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(descriptor, 64) == 0 else {
            close(descriptor)
            throw POSIXError(.EADDRINUSE)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        listener = descriptor
        port = UInt16(bigEndian: address.sin_port)
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    deinit { stop() }

    /// Stops accepting connections.
    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
    }

    /// How many requests `path` has had.
    func requests(_ path: String) -> Int {
        lock.lock()
        defer { lock.unlock() }
        return counts[path, default: 0]
    }

    /// Requests of every path.
    var totalRequests: Int {
        lock.lock()
        defer { lock.unlock() }
        return counts.values.reduce(0, +)
    }

    private func acceptLoop() {
        while true {
            let client = accept(listener, nil, nil)
            if client < 0 {
                if errno == EINTR { continue }
                return
            }
            let thread = Thread { [self] in
                handle(client)
                close(client)
            }
            thread.start()
        }
    }

    private func handle(_ client: Int32) {
        var request: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while String(decoding: request, as: UTF8.self).range(of: "\r\n\r\n") == nil {
            let count = recv(client, &buffer, buffer.count, 0)
            guard count > 0 else { return }
            request += buffer[0..<count]
            if request.count > 65_536 { return }
        }
        let line = String(decoding: request, as: UTF8.self).prefix { $0 != "\r" }
        let parts = line.split(separator: " ")
        guard parts.count >= 2 else { return }
        let path = String(parts[1])
        lock.lock()
        counts[path, default: 0] += 1
        lock.unlock()
        switch routes[path] ?? .status(404) {
        case .file(let type, let body):
            _ = send(client, header(200, ["Content-Type": type, "Content-Length": "\(body.count)"]) + body)
        case .slow(let bytes):
            guard send(client, header(200, ["Content-Type": "image/png", "Content-Length": "\(bytes)"])) else { return }
            for _ in 0..<bytes {
                usleep(200_000)
                guard send(client, [0x41]) else { return }
            }
        case .declaredHuge(let bytes):
            guard send(client, header(200, ["Content-Type": "image/png", "Content-Length": "\(bytes)"])) else { return }
            _ = send(client, [UInt8](repeating: 0x42, count: 1024))
        case .undeclaredHuge(let bytes):
            guard send(client, header(200, ["Content-Type": "image/png"])) else { return }
            let chunk = [UInt8](repeating: 0x43, count: 65_536)
            var sent = 0
            while sent < bytes, send(client, chunk) { sent += chunk.count }
        case .status(let code):
            let body = Array("<html><body>\(code)</body></html>".utf8)
            _ = send(client, header(code, ["Content-Type": "text/html", "Content-Length": "\(body.count)"]) + body)
        case .redirect(let location):
            _ = send(
                client,
                header(302, ["Location": location.replacingOccurrences(of: "{base}", with: base), "Content-Length": "0"]))
        }
    }

    private func header(_ status: Int, _ fields: [String: String]) -> [UInt8] {
        let reason = [200: "OK", 302: "Found", 404: "Not Found"][status] ?? "Status"
        var text = "HTTP/1.1 \(status) \(reason)\r\nConnection: close\r\n"
        for (name, value) in fields.sorted(by: { $0.key < $1.key }) { text += "\(name): \(value)\r\n" }
        return Array((text + "\r\n").utf8)
    }

    /// Sends all of `bytes`; `false` once the client has gone (no SIGPIPE).
    private func send(_ client: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeBytes { Glibc.send(client, $0.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL)) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return false }
            offset += count
        }
        return true
    }
}
