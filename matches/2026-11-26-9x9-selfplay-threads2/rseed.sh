#!/bin/bash
# rseed.sh CMD...: runs CMD with a random --seed appended
exec "$@" --seed $(od -An -N4 -tu4 /dev/urandom | tr -d ' ')
