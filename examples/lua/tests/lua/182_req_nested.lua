-- a module that requires another module
local dir = arg[0]:match("(.*/)") or "./"
package.path = dir .. "?.lua;" .. package.path
local utils = require("mod_utils")
print(utils.tick(), utils.tick(), utils.tick())
print(utils.sum(1, 2, 3, 4))
local counter = require("mod_counter")
print(counter == utils.counter, counter.get(), MOD_COUNTER_LOADS)
print(package.loaded.mod_utils == utils)
local loaded = {}
for k in pairs(package.loaded) do
  if type(k) == "string" and k:match("^mod_") then loaded[#loaded + 1] = k end
end
table.sort(loaded)
print(table.concat(loaded, ","))
