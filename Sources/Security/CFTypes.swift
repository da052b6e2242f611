// swift-format-ignore-file: AlwaysUseLowerCamelCase

// Apple's C names, spelled as Apple spells them.
import Foundation

// The CoreFoundation names Security's Swift API uses, mapped onto Foundation's classes, which
// bridge the way the CF types bridge on Darwin: `[String: Any] as CFDictionary`,
// `result as? Data`, `"x" as CFString`, `kCFBooleanTrue!` all compile and mean the same.

public typealias CFTypeRef = AnyObject
public typealias CFString = NSString
public typealias CFDictionary = NSDictionary
public typealias CFMutableDictionary = NSMutableDictionary
public typealias CFArray = NSArray
public typealias CFData = NSData
public typealias CFDate = NSDate
public typealias CFNumber = NSNumber
/// There is no boolean class on Linux: a CFBoolean is an NSNumber made from a `Bool`.
public typealias CFBoolean = NSNumber
public typealias CFError = NSError
public typealias CFErrorDomain = CFString
public typealias CFIndex = Int
public typealias CFOptionFlags = UInt
public typealias CFTypeID = UInt
/// Allocators do not exist here; every call accepts `nil` / `kCFAllocatorDefault`.
public typealias CFAllocator = NSObject

public let kCFBooleanTrue: CFBoolean! = NSNumber(value: true)
public let kCFBooleanFalse: CFBoolean! = NSNumber(value: false)
/// `NULL`, as on Darwin, where it means "the default allocator".
nonisolated(unsafe) public let kCFAllocatorDefault: CFAllocator? = nil
public let kCFNull: NSNull = NSNull()

/// `kCFErrorDomainOSStatus`: the domain of the errors Security creates.
nonisolated(unsafe) public let kCFErrorDomainOSStatus: CFString = SecConstantString(
  NSOSStatusErrorDomain)

public func CFErrorGetDomain(_ error: CFError) -> CFErrorDomain! {
  NSString(string: error.domain)
}

public func CFErrorGetCode(_ error: CFError) -> CFIndex { error.code }

public func CFErrorCopyUserInfo(_ error: CFError) -> CFDictionary! {
  NSDictionary(dictionary: error.userInfo)
}

public func CFErrorCopyDescription(_ error: CFError) -> CFString! {
  NSString(string: error.localizedDescription)
}
