// Persistence: JSON-file stores for orders, the draft and the response cache (issue 5).
