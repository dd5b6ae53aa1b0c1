-- frontier patterns and word boundaries
local s = "cat catalog concat cat, bobcat CAT"
print(s:gsub("%f[%a]cat%f[%A]", "DOG"))
print(s:gsub("%f[%w]%w+", function(w) return #w end))
print(("THE END"):find("%f[%u]%u+$"))
print(("hello123world"):gsub("%f[%d]", "<"))
print(("hello123world"):gsub("%f[%D]", ">"))
print(("a,b;;c"):gsub("%f[^;,]", "|"))
local caps = {}
for w in ("one Two THREE fOur"):gmatch("%f[%u]%u%l*") do caps[#caps + 1] = w end
print(table.concat(caps, ","))
