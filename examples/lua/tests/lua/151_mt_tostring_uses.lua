-- where __tostring is used (tostring, print, string.format %s) and where not
local T = setmetatable({}, {__tostring = function() return "T!" end})
print(T)
print(tostring(T), string.format("%s", T))
print(pcall(function() return "x" .. T end) == false)
print(select("#", tostring(T)))
local list = {T, T}
local strs = {}
for i, v in ipairs(list) do strs[i] = tostring(v) end
print(table.concat(strs, ","))
print(pcall(table.concat, list) == false)
local errobj = setmetatable({}, {__tostring = function() return "error object" end})
local ok, e = pcall(error, errobj)
print(ok, tostring(e), e == errobj)
local named = setmetatable({}, {__name = "Thing", __tostring = function(s) return "Thing#1" end})
print(named, string.format("%-10s|", named))
