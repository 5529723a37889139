// Benchmarks of SPEC section 9 (issue 8).
print("No benchmarks yet.")
