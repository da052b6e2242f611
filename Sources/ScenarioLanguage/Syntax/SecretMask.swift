/// What stands in place of a secret in every echo, message, transcript and history line.
package enum SecretMask {
  package static let text = "••••"
}
