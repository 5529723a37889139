// The `hotel` command line (issue 7).
print("hotel: the command line is not built yet.")
