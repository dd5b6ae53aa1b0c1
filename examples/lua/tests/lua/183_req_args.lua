-- require passes the module name and file path to the chunk
local dir = arg[0]:match("(.*/)") or "./"
package.path = dir .. "?.lua;" .. package.path
local m, extra = require("mod_args")
print(m.name, m.nargs)
print(m.path:match("[^/]*$"))
print(type(extra), extra == m.path)
local found = package.searchpath("mod_args", package.path)
print(found:match("[^/]*$"), found == m.path)
local none, msg = package.searchpath("mod_absent_xyz", dir .. "?.lua")
print(none, (msg:gsub("no file '.*/", "no file '")))
