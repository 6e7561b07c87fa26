import Foundation
import Synchronization
import Testing
import XCTest

/// When references are written instead of compared.
public enum SnapshotRecordMode: String, Sendable {
    /// Write every reference, and fail (so a recording run is never mistaken for a passing one)
    /// with the difference from the reference it replaced, as a mismatch shows it.
    case all
    /// Write the references of the snapshots that do not match, and fail with the difference
    /// each had from its reference, as a mismatch shows it: the run's log says what changed.
    case failed
    /// Write references that do not exist yet; compare the rest. The default.
    case missing
    /// Only compare: a missing reference is a failure (for CI).
    case never

    /// From `SCROLLBACK_RECORD`: `1`/`all`, `failed`, `missing`, `never`; unset means `missing`.
    public static var fromEnvironment: SnapshotRecordMode {
        switch ProcessInfo.processInfo.environment["SCROLLBACK_RECORD"]?.lowercased() {
        case "1", "true", "yes", "all": return .all
        case "failed": return .failed
        case "never", "0": return .never
        default: return .missing
        }
    }
}

/// Compares `value`'s snapshot with the reference in
/// `__Snapshots__/<TestFile>/<testName>[.<name>].<ext>` beside the test file, recording it when
/// missing (the test then fails once, saying so). Works under Swift Testing and XCTest.
///
/// A reference's name comes from the test and `name` alone, never from the order assertions
/// run in: a test may make one unnamed assertion per file extension, and a parameterised
/// test names each case's assertions (`named: "\(format)"`); otherwise the assertion fails and
/// says so, rather than comparing against another case's reference.
///
/// The record mode is `record`, else the one ``SnapshotDefaults`` holds for the test (the
/// ``SnapshotTrait/snapshots(record:options:factory:resolver:attachmentViews:)`` trait), else `SCROLLBACK_RECORD`'s.
///
/// ```swift
/// @Test func contactCard() {
///     assertSnapshot(of: view, as: .rendered(.html))
/// }
/// ```
public func assertSnapshot<Value, Format>(
    of value: @autoclosure () throws -> Value,
    as strategy: Snapshotting<Value, Format>,
    named name: String? = nil,
    record: SnapshotRecordMode? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    testName: String = #function,
    line: UInt = #line,
    column: UInt = #column
) {
    let location = FailureLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    do {
        if let message = try verifySnapshot(
            of: value(), as: strategy, named: name, record: record,
            filePath: "\(filePath)", testName: testName)
        {
            location.fail(message)
        }
    } catch let unavailable as SnapshotUnavailable {
        location.skip(unavailable.reason)
    } catch {
        location.fail("Could not snapshot: \(error)")
    }
}

/// The work of ``assertSnapshot(of:as:named:record:fileID:filePath:testName:line:column:)``
/// without reporting: returns a failure message, or `nil` when the snapshot matches.
public func verifySnapshot<Value, Format>(
    of value: Value,
    as strategy: Snapshotting<Value, Format>,
    named name: String? = nil,
    record: SnapshotRecordMode? = nil,
    filePath: String,
    testName: String
) throws -> String? {
    let mode = record ?? SnapshotDefaults.current.record ?? .fromEnvironment
    let testFile = URL(fileURLWithPath: filePath)
    let directory = testFile.deletingLastPathComponent()
        .appendingPathComponent("__Snapshots__")
        .appendingPathComponent(testFile.deletingPathExtension().lastPathComponent)
    let test = sanitizedPathComponent(testName)
    let stem = name.map { "\(test).\(sanitizedPathComponent($0))" } ?? test
    let reference = directory.appendingPathComponent("\(stem).\(strategy.pathExtension)")
    if name == nil {
        if Test.Case.current?.isParameterized == true {
            return "A parameterised test's snapshots need a name, so that each case has its own reference: "
                + "assertSnapshot(of: ..., as: ..., named: \"\\(argument)\")."
        }
        guard UnnamedReferences.shared.insert(reference.path) else {
            return "This test already made an unnamed .\(strategy.pathExtension) snapshot (\(reference.path)); "
                + "name each one with named:, so that adding an assertion never renames the others."
        }
    }

    let actual = try strategy.snapshot(value)
    let fileManager = FileManager.default

    func write() throws {
        try fileManager.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data(strategy.diffing.toData(actual)).write(to: reference)
    }

    guard fileManager.fileExists(atPath: reference.path) else {
        guard mode != .never else {
            return "No reference at \(reference.path) and record mode is \"never\". Record it with SCROLLBACK_RECORD=missing "
                + "(or unset) and review it."
        }
        try write()
        return "No reference was found; recorded one: \(reference.path). Review it, then run again."
    }
    let difference: SnapshotDifference?
    do {
        difference = strategy.diffing.diff(try strategy.diffing.fromData(Array(try Data(contentsOf: reference))), actual)
    } catch {
        guard mode == .all else {
            return "The reference \(reference.path) cannot be read (\(error)). Delete it and record it again."
        }
        try write()
        return "Recorded a new reference (record mode \"all\") over one that could not be read (\(error)): \(reference.path)."
    }
    guard let difference else {
        guard mode == .all else { return nil }
        try write()
        return "Recorded the reference again (record mode \"all\"); it matches the one before: \(reference.path). Run again without "
            + "SCROLLBACK_RECORD."
    }
    // A reference re-recorded shows what changed as a failure would, so that the run's log says
    // what the reviewer is about to commit.
    let artifacts = try SnapshotArtifacts(testFile: testFile, stem: stem, pathExtension: strategy.pathExtension)
    var files = ""
    if mode == .all || mode == .failed {
        try write()
    } else {
        files += "\nNew snapshot: \(try artifacts.write(strategy.diffing.toData(actual)))"
    }
    if let artifact = difference.artifact {
        files += "\nDifference: \(try artifacts.write(artifact, suffix: "diff"))"
    }
    let summary =
        switch mode {
        case .all:
            "Recorded a new reference (record mode \"all\"): \(reference.path). Read the difference before you commit it, "
                + "then run again without SCROLLBACK_RECORD."
        case .failed:
            "Snapshot did not match; recorded the new output at \(reference.path). Read the difference before you commit it."
        case .missing, .never:
            "Snapshot does not match \(reference.path). If the change is intended, re-record with SCROLLBACK_RECORD=failed "
                + "and read the difference before committing."
        }
    return summary + files + "\n" + difference.message
}

/// Where a failed assertion leaves the new snapshot and the file showing the difference:
/// `$SCROLLBACK_ARTIFACTS` (for CI to collect), else `scrollback-snapshots` in the temporary
/// directory, then `<TestFile>/<reference name>`.
private struct SnapshotArtifacts {
    let directory: URL
    let stem: String
    let pathExtension: String

    init(testFile: URL, stem: String, pathExtension: String) throws {
        let root =
            ProcessInfo.processInfo.environment["SCROLLBACK_ARTIFACTS"].map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("scrollback-snapshots")
        directory = root.appendingPathComponent(testFile.deletingPathExtension().lastPathComponent)
        self.stem = stem
        self.pathExtension = pathExtension
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    /// Writes `bytes` as `<stem>[.<suffix>].<ext>` and returns its path.
    func write(_ bytes: [UInt8], suffix: String? = nil) throws -> String {
        let name = [stem, suffix, pathExtension].compactMap { $0 }.joined(separator: ".")
        let file = directory.appendingPathComponent(name)
        try Data(bytes).write(to: file)
        return file.path
    }
}

/// Test names such as `contactCard()` or `sample(name:format:)` become `contactCard`, `sample`.
private func sanitizedPathComponent(_ name: String) -> String {
    let trimmed = name.prefix { $0 != "(" }
    return String(trimmed.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "-" })
}

/// The unnamed references asserted in this process: a second assertion of the same one is two
/// unnamed assertions of one extension in one test.
private final class UnnamedReferences: Sendable {
    static let shared = UnnamedReferences()
    private let paths = Mutex<Set<String>>([])

    /// Whether `path` was new.
    func insert(_ path: String) -> Bool {
        paths.withLock { $0.insert(path).inserted }
    }
}

/// Reports a failure to whichever test framework is running.
private struct FailureLocation {
    let fileID: StaticString
    let filePath: StaticString
    let line: UInt
    let column: UInt

    func fail(_ message: String) {
        if Test.current != nil {
            Issue.record(
                Comment(rawValue: message),
                sourceLocation: SourceLocation(
                    fileID: "\(fileID)", filePath: "\(filePath)",
                    line: Int(line), column: Int(column)))
        } else {
            XCTFail(message, file: filePath, line: line)
        }
    }

    /// Swift Testing records a warning (shown for every case of a parameterised test, and in the
    /// run's summary) and cancels the test, which reports it as skipped with `reason`. An XCTest
    /// assertion cannot skip (only a throwing test can), so there it fails, saying how to skip.
    func skip(_ reason: String) {
        if Test.current != nil {
            let comment = Comment(rawValue: "Snapshot skipped: \(reason)")
            let location = SourceLocation(fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column))
            Issue.record(comment, severity: .warning, sourceLocation: location)
            do {
                try Test.cancel(comment, sourceLocation: location)
            } catch {
                // The cancellation is recorded; the rest of the test still runs its other assertions.
            }
        } else {
            XCTFail(
                "Snapshot skipped: \(reason) An XCTest case skips image snapshots with "
                    + "`try XCTSkipUnless(HeadlessChromium.isAvailable)` before asserting.",
                file: filePath, line: line)
        }
    }
}
