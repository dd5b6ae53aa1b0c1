-- long bracket strings
local a = [[hello
world]]
print(a, #a)
local b = [[
first newline is skipped]]
print(b)
local c = [==[contains ]] and [[ and ]=] inside]==]
print(c)
local d = [=[
]=]
print(#d)
local e = [[no \n escapes \t here]]
print(e, #e)
local f = [[
line one
line two
]]
io.write(f)
print(#f)
local g = [===[]===]
print(#g, g == "")
print([[a]] .. [=[b]=] .. [==[c]==])
local lines = 0
for _ in f:gmatch("\n") do lines = lines + 1 end
print("lines", lines)
