-- messages produced by error() with various values and levels
local function show(f)
  local ok, e = pcall(f)
  if type(e) == "string" then e = e:gsub("^.-([%w_]+%.lua:%d+:)", "%1") end
  print(ok, type(e), tostring(e))
end
show(function() error("simple") end)
show(function() error("no location", 0) end)
show(function() error("level two", 2) end)
show(function() error(123) end)
show(function() error(12.5) end)
show(function() error() end)
show(function() error(false) end)
show(function() assert(false) end)
show(function() assert(nil, "assert msg") end)
show(function() assert(false, 99) end)
local function inner() error("from inner", 2) end
local function outer()
  inner() -- line 18
end
show(outer)
