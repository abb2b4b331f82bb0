echo "{\"ok\": true}"
