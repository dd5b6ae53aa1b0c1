-- module used by 180_req_basic.lua: returns a function
local prefix = "Hello, "
return function(name)
  return prefix .. (name or "stranger") .. "!"
end
