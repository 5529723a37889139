// The baseline of SPEC section 9: a hello-world process that loads Foundation and
// FoundationNetworking, as `hotel` does. The benchmark runs it side by side with `hotel replay`.
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

let request = URLRequest(url: URL(fileURLWithPath: "/"))
print("Hello, \(request.url?.scheme ?? "world")!")
