import Foundation

/// Darwin's Foundation declares `NSErrorPointer` (an `AutoreleasingUnsafeMutablePointer<NSError?>?`)
/// and `LAContext.canEvaluatePolicy(_:error:)` takes one; swift-corelibs-foundation has none
/// (no Objective-C runtime, so no autoreleasing pointer). Declared here, as the pointer Linux
/// can have, so that iOS code naming the type (a mock `LAContext` subclass overriding
/// `canEvaluatePolicy(_:error:)`, a protocol `LAContext` is made to conform to) compiles
/// unchanged. Callers pass `&error` with `var error: NSError?`, as on Darwin.
public typealias NSErrorPointer = UnsafeMutablePointer<NSError?>?
