-- require caches modules in package.loaded
local dir = arg[0]:match("(.*/)") or "./"
package.path = dir .. "?.lua;" .. package.path
local c1 = require("mod_counter")
local c2 = require("mod_counter")
print(c1 == c2, MOD_COUNTER_LOADS)
print(c1.inc(), c2.inc(5), c1.get())
print(c1.name)
package.loaded["mod_counter"] = nil
local c3 = require("mod_counter")
print(c3 == c1, MOD_COUNTER_LOADS, c3.get())
print(c1.get())
